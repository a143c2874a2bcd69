import { type CustomMenuButtons, customMenuButtons } from '@console/contract';
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
    b.subButtons
      ? { name: b.name, sub_button: b.subButtons.map((s) => ({ name: s.name, ...actionJson(s) })) }
      : { name: b.name, ...actionJson(b as Action) },
  );
}

/**
 * WeChat's menu JSON as the console's button tree; null when WeChat holds none, or one the
 * console cannot represent (button types set up in WeChat's own console, such as scancode_push).
 */
export function fromWechatMenu(menu: WechatButton[] | null): CustomMenuButtons | null {
  if (!menu?.length) return null;
  const tree = menu.map(({ sub_button: subs, ...rest }) =>
    subs?.length ? { name: rest.name, subButtons: subs.map(({ sub_button: _nested, ...s }) => s) } : rest,
  );
  const parsed = customMenuButtons.safeParse(tree);
  return parsed.success ? parsed.data : null;
}
