import { MENU_LIMITS, displayedName, utf8Bytes } from '@console/contract';
import { describe, expect, it } from 'vitest';
import {
  type Draft,
  addSub,
  addTop,
  draftErrors,
  fromButtons,
  moveButton,
  toButtons,
  updateButton,
} from './menu-draft';

const view = (name: string) => ({ name, type: 'view' as const, url: 'https://m.example.com' });

describe('menu draft: WeChat’s rules, shared with the server', () => {
  it('counts names in UTF-8 bytes: a Chinese character is 3, a letter 1, an emoji 4', () => {
    expect(utf8Bytes('会员中心')).toBe(12);
    expect(utf8Bytes('会员中心首页')).toBe(18);
    expect(utf8Bytes('VIP会员')).toBe(9);
    expect(utf8Bytes('🎁')).toBe(4);
  });

  it('refuses a top-level name over 16 bytes and a sub-button name over 60, on the field’s path', () => {
    expect(draftErrors(fromButtons([view('会员中心首')]))).toEqual({});
    expect(Object.keys(draftErrors(fromButtons([view('会员中心首页')])))).toEqual(['0.name']);
    expect(draftErrors(fromButtons([view('abcdefghijklmnop')]))).toEqual({});
    expect(Object.keys(draftErrors(fromButtons([view('abcdefghijklmnopq')])))).toEqual(['0.name']);

    const sub = (name: string) => fromButtons([{ name: '服务', subButtons: [view(name)] }]);
    expect(draftErrors(sub('汉'.repeat(20)))).toEqual({});
    expect(Object.keys(draftErrors(sub(`a${'汉'.repeat(20)}`)))).toEqual(['0.subButtons.0.name']);
  });

  it('requires each action’s own fields', () => {
    let draft: Draft = addTop([]);
    expect(Object.keys(draftErrors(draft))).toEqual(['0.key']);
    draft = updateButton(draft, { top: 0, sub: null }, { type: 'view', url: 'ftp://x' });
    expect(Object.keys(draftErrors(draft))).toEqual(['0.url']);
    draft = updateButton(draft, { top: 0, sub: null }, { type: 'miniprogram', url: 'https://a.cn', appid: 'wx1' });
    expect(Object.keys(draftErrors(draft))).toEqual(['0.appid']);
  });

  it('stops at 3 top-level buttons and 5 sub-buttons', () => {
    let draft: Draft = [];
    for (let i = 0; i < 5; i += 1) draft = addTop(draft);
    expect(draft).toHaveLength(MENU_LIMITS.topButtons);
    for (let i = 0; i < 8; i += 1) draft = addSub(draft, 1);
    expect(draft[1]!.subs).toHaveLength(MENU_LIMITS.subButtons);
  });

  it('a top-level button with sub-buttons is sent as a group, its own action kept for later', () => {
    const draft = addSub(fromButtons([{ name: '服务', type: 'click', key: 'SERVICE' }]), 0);
    const [group] = toButtons(draft);
    expect(group).toEqual({ name: '服务', subButtons: [{ name: '子菜单名称', type: 'click', key: '' }] });
    expect(draft[0]!.key).toBe('SERVICE');
  });

  it('reorders buttons among their siblings', () => {
    const draft = fromButtons([
      view('甲'),
      view('乙'),
      { name: '丙', subButtons: [view('一'), view('二'), view('三')] },
    ]);
    expect(moveButton(draft, 2, null, 0).map((b) => b.name)).toEqual(['丙', '甲', '乙']);
    expect(moveButton(draft, 2, 0, 2)[2]!.subs.map((s) => s.name)).toEqual(['二', '三', '一']);
    expect(moveButton(draft, 0, null, 5).map((b) => b.name)).toEqual(['甲', '乙', '丙']);
  });

  it('cuts a long name as the phone does', () => {
    expect(displayedName('会员中心', MENU_LIMITS.topDisplayWidth)).toBe('会员中心');
    expect(displayedName('会员中心首', MENU_LIMITS.topDisplayWidth)).toBe('会员中…');
  });
});
