import { deleteConsequence, menuKind, saasMenuResource } from '@console/contract';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { MenuIcon } from '../../components/icons/menu-icons';
import { type MenuRow, isBuiltIn } from './saas-menu-tree';

const kindColours: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'default' };

interface Handlers {
  /** Phones scroll the whole row: a pinned action column would cover the titles. */
  pinActions: boolean;
  can: (action: 'create' | 'update' | 'delete') => boolean;
  onEdit: (row: MenuRow) => void;
  onAddChild: (parent: MenuRow) => void;
  onDelete: (row: MenuRow) => Promise<unknown>;
}

/** The question with what the server's delete does (the resource's declared consequence). */
function deleteQuestion(row: MenuRow) {
  const effect = saasMenuResource.deleteEffect;
  return {
    title: `确定删除菜单「${row.title}」吗？`,
    description: effect && <div style={{ maxWidth: 320 }}>{deleteConsequence(effect)}</div>,
  };
}

/** Why an entry cannot be deleted, or null when it can. */
function deleteBlocked(row: MenuRow): string | null {
  if (isBuiltIn(row)) return '内置菜单不能删除（服务启动时会重新补齐），不想显示可设为隐藏';
  if (row.children?.length) return '请先删除或移走它的下级菜单';
  return null;
}

/** The catalogue tree table's columns; actions show only with their permission. */
export function menuColumns({ pinActions, can, onEdit, onAddChild, onDelete }: Handlers): TableColumnsType<MenuRow> {
  const actionCount = (can('update') ? 1 : 0) + (can('create') ? 1 : 0) + (can('delete') ? 1 : 0);
  return [
    {
      key: 'title',
      title: '标题',
      width: 280,
      render: (_: unknown, row) => (
        <Space size={6}>
          <MenuIcon name={row.icon} />
          <span>{row.title}</span>
        </Space>
      ),
    },
    {
      key: 'kind',
      title: '类型',
      width: 70,
      render: (_: unknown, row) => <Tag color={kindColours[row.kind]}>{menuKind.labels[row.kind]}</Tag>,
    },
    {
      key: 'url',
      title: '路由名 / 权限码',
      width: 220,
      render: (_: unknown, row) => <Typography.Text code>{row.url}</Typography.Text>,
    },
    {
      key: 'path',
      title: '路由路径',
      width: 240,
      render: (_: unknown, row) => row.path || <span className="resource-empty">-</span>,
    },
    { key: 'sort', dataIndex: 'sort', title: '排序', width: 64 },
    {
      key: 'hidden',
      title: '侧边栏',
      width: 80,
      render: (_: unknown, row) =>
        row.kind === 3 ? (
          <span className="resource-empty">-</span>
        ) : row.hidden === 1 ? (
          <Tag color="orange">隐藏</Tag>
        ) : (
          <Tag color="green">显示</Tag>
        ),
    },
    ...(actionCount > 0
      ? [
          {
            key: 'actions',
            title: '操作',
            ...(pinActions ? { fixed: 'right' as const } : {}),
            width: 40 + 64 * actionCount,
            render: (_: unknown, row: MenuRow) => {
              const blocked = deleteBlocked(row);
              return (
                <Space size={4}>
                  {can('update') && (
                    <Button type="link" size="small" onClick={() => onEdit(row)}>
                      编辑
                    </Button>
                  )}
                  {can('create') && row.kind !== 3 && (
                    <Button type="link" size="small" onClick={() => onAddChild(row)}>
                      新增下级
                    </Button>
                  )}
                  {can('delete') &&
                    (blocked ? (
                      <Tooltip title={blocked}>
                        <Button type="link" size="small" danger disabled>
                          删除
                        </Button>
                      </Tooltip>
                    ) : (
                      <Popconfirm
                        {...deleteQuestion(row)}
                        okText="确定"
                        cancelText="取消"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => void onDelete(row).catch(() => undefined)}
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    ))}
                </Space>
              );
            },
          },
        ]
      : []),
  ];
}
