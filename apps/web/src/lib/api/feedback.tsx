import { App, type ModalFuncProps, message as staticMessage, Modal as StaticModal } from 'antd';
import { useEffect } from 'react';

type AppApi = ReturnType<typeof App.useApp>;
/** The part of antd's feedback the console's non-React code uses. */
export interface Feedback {
  message: Pick<AppApi['message'], 'error' | 'success' | 'warning' | 'info'>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
}

// The request client runs outside React; it reaches antd's message/modal through this holder so the
// toasts and dialogs pick up the console's theme (antd's static functions cannot read context).
let current: Feedback | null = null;

/** The message/modal to use now: the themed ones once the bridge is mounted, antd's static ones before. */
export function feedback(): Feedback {
  return current ?? { message: staticMessage, modal: StaticModal };
}

/** Mount once inside antd `<App>`; hands its context-aware message/modal to the request client. */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    current = { message, modal };
    return () => {
      current = null;
    };
  }, [message, modal]);
  return null;
}
