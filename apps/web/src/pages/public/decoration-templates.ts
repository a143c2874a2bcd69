/** A store decoration style the platform offers for a store's customer-facing pages. */
export interface DecorationTemplate {
  key: string;
  name: string;
  /** Venues it was designed for. */
  suits: string[];
  mood: string;
  /** Primary, accent and background of the preview and of the pages it styles. */
  palette: { primary: string; accent: string; background: string; text: string };
  /** Blocks of the store home page, top to bottom, as the preview draws them. */
  blocks: string[];
}

export const decorationTemplates: DecorationTemplate[] = [
  {
    key: 'tea-spa',
    name: '雅致汤泉',
    suits: ['洗浴中心', '温泉会馆'],
    mood: '木色与暖金，安静克制，适合主打休闲放松的大型浴场。',
    palette: { primary: '#8b5e34', accent: '#d4a373', background: '#faf5ee', text: '#3e2c1c' },
    blocks: ['门店横幅', '汤池与项目价目', '手牌消费查询', '储值会员', '营业时间与导航'],
  },
  {
    key: 'guochao',
    name: '国潮浴场',
    suits: ['洗浴中心', '足道养生'],
    mood: '朱红与墨色的国风配色，节日活动与套餐推荐更醒目。',
    palette: { primary: '#b91c1c', accent: '#f59e0b', background: '#fff7ed', text: '#1c1917' },
    blocks: ['活动横幅', '套餐推荐', '技师与项目', '手牌消费查询', '门店地址'],
  },
  {
    key: 'sauna-night',
    name: '静夜桑拿',
    suits: ['桑拿会所', '足道养生'],
    mood: '深色底与柔和高光，适合夜间营业为主、注重私密的会所。',
    palette: { primary: '#1e293b', accent: '#c084fc', background: '#0f172a', text: '#e2e8f0' },
    blocks: ['门店横幅', '包间类型', '服务呼叫说明', '储值会员', '营业时间'],
  },
  {
    key: 'energy-gym',
    name: '活力健身',
    suits: ['健身房', '运动馆'],
    mood: '高对比的荧光绿与黑，突出课程与储物柜自助存取指引。',
    palette: { primary: '#111827', accent: '#84cc16', background: '#f7fee7', text: '#111827' },
    blocks: ['课程横幅', '储物柜自助存取', '会员卡与次卡', '教练介绍', '场馆导航'],
  },
  {
    key: 'clear-pool',
    name: '清爽泳池',
    suits: ['游泳馆', '水上乐园'],
    mood: '清透的湖蓝与白，强调入场须知、手环开柜与安全提示。',
    palette: { primary: '#0369a1', accent: '#22d3ee', background: '#f0f9ff', text: '#0c4a6e' },
    blocks: ['场馆横幅', '入场须知', '手环开柜指引', '次卡与年卡', '开放时间'],
  },
  {
    key: 'business-simple',
    name: '简约商务',
    suits: ['所有门店'],
    mood: '中性灰蓝与留白，信息层级清楚，适合连锁门店统一形象。',
    palette: { primary: '#1677ff', accent: '#69b1ff', background: '#f5f7fb', text: '#1f2937' },
    blocks: ['品牌横幅', '门店列表', '项目价目', '储值会员', '联系我们'],
  },
];
