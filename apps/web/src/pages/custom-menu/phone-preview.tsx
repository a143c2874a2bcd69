import { MENU_LIMITS, displayedName } from '@console/contract';
import type { Draft, Picked } from './menu-draft';

interface Props {
  accountName: string;
  draft: Draft;
  picked: Picked | null;
  onPick: (p: Picked) => void;
}

/**
 * The menu as a follower sees it in WeChat: a phone with the account's chat, the menu bar at the
 * bottom and the picked button's sub-buttons open above it; names cut as the client cuts them.
 */
export function PhonePreview({ accountName, draft, picked, onPick }: Props) {
  const open = picked ? draft[picked.top] : undefined;
  return (
    <div className="menu-phone" aria-label="手机预览">
      <div className="menu-phone-top">{accountName || '公众号'}</div>
      <div className="menu-phone-chat">
        {draft.length === 0 && <div className="menu-phone-hint">添加菜单后在此预览</div>}
      </div>
      <div className="menu-phone-bar">
        <span className="menu-phone-keyboard" aria-hidden>
          ⌨
        </span>
        {draft.map((top, t) => (
          <div key={top.uid} className="menu-phone-slot">
            {open === top && top.subs.length > 0 && (
              <div className="menu-phone-subs">
                {top.subs.map((sub, s) => (
                  <button
                    type="button"
                    key={sub.uid}
                    className={picked?.sub === s ? 'is-picked' : undefined}
                    onClick={() => onPick({ top: t, sub: s })}
                  >
                    {displayedName(sub.name, MENU_LIMITS.subDisplayWidth)}
                  </button>
                ))}
              </div>
            )}
            <button
              type="button"
              className={`menu-phone-top-button${picked?.top === t ? ' is-picked' : ''}`}
              onClick={() => onPick({ top: t, sub: null })}
            >
              {top.subs.length > 0 && <span className="menu-phone-lines">≡ </span>}
              {displayedName(top.name, MENU_LIMITS.topDisplayWidth)}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
