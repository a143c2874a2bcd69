import type { CustomMenuButtons } from '@console/contract';
import type { WechatButton } from '../../adapters/wechat/index.js';

type Action =
  | { type: 'click'; key: string }
  | { type: 'view'; url: string }
  | { type: 'miniprogram'; appid: string; pagepath: string; url: string };

function actionJson(a: Action): Omit<WechatButton, 'name'> {
  if (a.type === 'click') return { type: 'click', key: a.key };
  if (a.type === 'view') return { type: 'view', url: a.url };
  return { type: 'miniprogram', appid: a.appid, pagepath: a.pagepath, url: a.url };
}

/** The console's button tree as WeChat's menu JSON (`sub_button`, snake_case). */
export function toWechatMenu(buttons: CustomMenuButtons): WechatButton[] {
  return buttons.map((b) =>
    'subButtons' in b
      ? { name: b.name, sub_button: b.subButtons.map((s) => ({ name: s.name, ...actionJson(s as Action) })) }
      : { name: b.name, ...actionJson(b as Action) },
  );
}
