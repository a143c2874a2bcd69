/** The settings drawer's title, shown while its code loads too. */
export const SETTINGS_TITLE = '系统布局配置';
