import {
  AccountBookOutlined,
  AndroidOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  KeyOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  MonitorOutlined,
  NotificationOutlined,
  QrcodeOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icon names the menu catalogue uses, mapped to components. Importing each icon by name keeps
 * the bundle to these few instead of the whole icon set; a name missing here renders no icon.
 */
export const menuIcons: Record<string, ComponentType> = {
  AccountBookOutlined,
  AndroidOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  KeyOutlined,
  MessageOutlined,
  MoneyCollectOutlined,
  MonitorOutlined,
  NotificationOutlined,
  QrcodeOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SolutionOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
  WechatOutlined,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = name ? menuIcons[name] : undefined;
  return Icon ? <Icon /> : null;
}
