import type { Rng } from '../../adapters/devices/rng.js';

// Believable Chinese names, places and phones for generated data, drawn from a seeded RNG.

const SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
const GIVEN = [
  ...'伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华鹏辉玲飞斌宇浩凯健俊帆帅旭宁欣悦琳晨瑶雪梅婷云峰志海波亮鑫淑文博子涵梓萱雨泽',
];
export const CITIES: readonly [string, string, readonly string[]][] = [
  ['浙江省', '杭州市', ['西湖区', '上城区', '拱墅区', '滨江区', '余杭区', '萧山区']],
  ['浙江省', '宁波市', ['海曙区', '鄞州区', '江北区']],
  ['江苏省', '南京市', ['玄武区', '秦淮区', '建邺区', '鼓楼区']],
  ['江苏省', '苏州市', ['姑苏区', '吴中区', '工业园区']],
  ['上海市', '上海市', ['浦东新区', '徐汇区', '静安区', '闵行区']],
  ['广东省', '广州市', ['天河区', '越秀区', '海珠区', '番禺区']],
  ['广东省', '深圳市', ['南山区', '福田区', '宝安区', '龙岗区']],
  ['四川省', '成都市', ['锦江区', '武侯区', '高新区', '成华区']],
  ['湖北省', '武汉市', ['江汉区', '武昌区', '洪山区']],
  ['山东省', '青岛市', ['市南区', '崂山区', '黄岛区']],
  ['福建省', '厦门市', ['思明区', '湖里区']],
  ['河南省', '郑州市', ['金水区', '二七区', '郑东新区']],
];
const ROADS = [
  '文三路',
  '解放路',
  '中山路',
  '人民路',
  '建设路',
  '长江路',
  '黄河路',
  '新华路',
  '花园路',
  '学院路',
  '东风路',
  '滨江大道',
];
const BRANDS = [
  '云泉',
  '汤悦',
  '沐心',
  '禾田',
  '清池',
  '雅泉',
  '悦榕',
  '水木',
  '君澜',
  '森屿',
  '暖阳',
  '锦湖',
  '福汤',
  '竹里',
  '松间',
];
const VENUES = ['汤泉会馆', '洗浴中心', '足道馆', '水疗会所', '健身中心', '游泳馆', '温泉酒店', '养生馆'];
const COMPANY_TAILS = [
  '休闲服务有限公司',
  '健康管理有限公司',
  '文化旅游发展有限公司',
  '酒店管理有限公司',
  '体育发展有限公司',
];
export const ROOM_NAMES = ['包间', '足疗房', 'SPA 房', '更衣区', '休息大厅', '棋牌室'];

export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;
export const between = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));

export function personName(rng: Rng): string {
  const given = pick(rng, GIVEN) + (rng() < 0.6 ? pick(rng, GIVEN) : '');
  return pick(rng, SURNAMES) + given;
}

export function mobile(rng: Rng): string {
  const prefix = pick(rng, [
    '130',
    '131',
    '135',
    '136',
    '137',
    '138',
    '139',
    '150',
    '151',
    '158',
    '159',
    '186',
    '187',
    '188',
    '189',
    '177',
    '199',
  ]);
  return `${prefix}${String(Math.floor(rng() * 1e8)).padStart(8, '0')}`;
}

export interface Place {
  region: string;
  address: string;
  city: string;
  district: string;
}

export function place(rng: Rng): Place {
  const [province, city, districts] = pick(rng, CITIES);
  const district = pick(rng, districts);
  return {
    region: `${province}/${city}/${district}`,
    address: `${pick(rng, ROADS)}${between(rng, 1, 999)} 号`,
    city: city.replace(/市$/, ''),
    district,
  };
}

export function storeName(rng: Rng, p: Place): string {
  return `${pick(rng, BRANDS)}${pick(rng, VENUES)}（${p.district.replace(/区$/, '')}店）`;
}

export function companyName(rng: Rng, city: string): string {
  return `${city}${pick(rng, BRANDS)}${pick(rng, COMPANY_TAILS)}`;
}
