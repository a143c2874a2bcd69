import { type CustomMenu, customMenuButtons, customMenuEndpoints, permissionOf } from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Row, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { ErrorResult } from '../../components/error-result';
import { LockableButton, useWriteLock } from '../../components/resource/write-lock';
import { ApiError, api } from '../../lib/api/request';
import { resourceQueryKey } from '../../lib/api/resource-query-key';
import { useSession } from '../../stores/session';
import { AccountPicker } from './account-picker';
import { ButtonForm } from './button-form';
import './custom-menu.css';
import { buttonAt } from './menu-draft';
import { MenuStatus } from './menu-status';
import { MenuTreeEditor } from './menu-tree-editor';
import { PhonePreview } from './phone-preview';
import { useMenuEditor } from './use-menu-editor';

const menuKey = (accountId: string) => [...resourceQueryKey('customMenu'), accountId] as const;
const updateCode = permissionOf(customMenuEndpoints.save.access) ?? 'customMenu.update';
const publishCode = permissionOf(customMenuEndpoints.publish.access) ?? 'customMenu.publish';
const VERSION_CONFLICT = 409001;

/** /customMenu/customMenu 公众号自定义菜单: edit an official account's menu, save the draft, publish it. */
export default function CustomMenuPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const permissions = useSession((state) => state.permissions);
  const canEdit = permissions.has(updateCode);
  const canPublish = permissions.has(publishCode);
  const lock = useWriteLock();
  const [chosen, setChosen] = useState<string | undefined>(
    () => new URLSearchParams(window.location.search).get('officialAccountId') ?? undefined,
  );
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);

  const accounts = useQuery({
    queryKey: [...resourceQueryKey('officialAccount'), 'menuAccounts'],
    queryFn: ({ signal }) => api(customMenuEndpoints.accounts, { signal }),
  });
  const accountId = accounts.data?.some((a) => a.id === chosen) ? chosen : accounts.data?.[0]?.id;
  const account = accounts.data?.find((a) => a.id === accountId);
  // replaceState, not navigate: the tab bar keys a tab by its address (as the lists do).
  useEffect(() => {
    if (!accountId) return;
    const next = `${window.location.pathname}?officialAccountId=${accountId}`;
    if (`${window.location.pathname}${window.location.search}` !== next)
      window.history.replaceState(window.history.state, '', next);
  }, [accountId]);

  const menu = useQuery({
    queryKey: menuKey(accountId ?? ''),
    queryFn: ({ signal }) => api(customMenuEndpoints.get, { query: { officialAccountId: accountId! }, signal }),
    enabled: !!accountId,
  });
  const editor = useMenuEditor(menu.data);
  const took = (saved: CustomMenu) => {
    queryClient.setQueryData(menuKey(saved.officialAccountId), saved);
    editor.reset(saved);
  };

  const invalid = () => {
    const count = Object.keys(editor.errors).length;
    if (count === 0) return false;
    void message.error(`菜单还有 ${count} 处不符合微信的规则，请按提示修改`);
    return true;
  };
  const save = async (): Promise<CustomMenu | null> => {
    if (!accountId || invalid()) return null;
    // The contract's own reading of the draft (what the server will read too): the body in the
    // endpoint's type, and nothing sent for a draft its rules refuse.
    const buttons = customMenuButtons.safeParse(editor.buttons());
    if (!buttons.success) return null;
    const body = { officialAccountId: accountId, version: editor.version, buttons: buttons.data };
    const saved = await api(customMenuEndpoints.save, { body });
    took(saved);
    return saved;
  };
  const run = async (what: 'save' | 'publish', work: () => Promise<void>) => {
    setBusy(what);
    try {
      await work();
    } catch (err) {
      // A stale version shows the conflict banner below; every other failure was already toasted.
      if (err instanceof ApiError && err.errCode === VERSION_CONFLICT) void menu.refetch();
    } finally {
      setBusy(null);
    }
  };
  const onSave = () =>
    run('save', async () => {
      if (await save()) void message.success('草稿已保存，尚未发布到微信');
    });
  const onPublish = () =>
    modal.confirm({
      title: `发布到「${account?.name ?? '公众号'}」？`,
      content: editor.dirty
        ? '将先保存当前修改，再把菜单发布到微信；微信用户几分钟内会看到新菜单。'
        : '微信用户几分钟内会看到新菜单。',
      okText: '发布',
      cancelText: '取消',
      onOk: () =>
        run('publish', async () => {
          const saved = editor.dirty ? await save() : menu.data;
          if (!saved || !accountId) return;
          const sent = await api(customMenuEndpoints.publish, {
            body: { officialAccountId: accountId, version: saved.version },
          });
          took(sent);
          void message.info('已提交微信，等待微信答复');
        }),
    });

  if (accounts.isPending) return <Card loading className="custom-menu-page" />;
  if (accounts.isError)
    return (
      <ErrorResult
        title="公众号列表加载失败"
        subTitle={accounts.error.message}
        extra={<Button onClick={() => void accounts.refetch()}>重试</Button>}
      />
    );
  if (accounts.data.length === 0)
    return (
      <Card>
        <Empty description="还没有公众号，请先在「公众号管理」中添加公众号" />
      </Card>
    );

  const picked = editor.picked;
  const button = buttonAt(editor.draft, picked);
  const live = menu.data?.liveButtons;
  const liveDiffers = !!live?.length && JSON.stringify(live) !== JSON.stringify(editor.buttons());
  const publishing = menu.data?.publishStatus === 1;
  return (
    <div className="custom-menu-page">
      <Card size="small">
        <div className="custom-menu-toolbar">
          <AccountPicker accounts={accounts.data} value={accountId} onChange={setChosen} />
          <Space wrap>
            {canEdit && (
              <LockableButton
                locked={lock(updateCode)}
                onClick={() => void onSave()}
                loading={busy === 'save'}
                disabled={!menu.data || !editor.dirty}
              >
                保存草稿
              </LockableButton>
            )}
            {canPublish && (
              <LockableButton
                locked={lock(publishCode)}
                type="primary"
                onClick={() => void onPublish()}
                loading={busy === 'publish'}
                disabled={!menu.data || publishing || editor.draft.length === 0 || (editor.dirty && !canEdit)}
              >
                发布到微信
              </LockableButton>
            )}
          </Space>
        </div>
      </Card>
      {menu.isError && !menu.data ? (
        <ErrorResult
          title="菜单加载失败"
          subTitle={menu.error.message}
          extra={<Button onClick={() => void menu.refetch()}>重试</Button>}
        />
      ) : !menu.data ? (
        <Card>
          <Spin description="正在加载菜单…" />
        </Card>
      ) : (
        <>
          <Card size="small">
            <MenuStatus
              menu={menu.data}
              dirty={editor.dirty}
              onLoadLive={canEdit && liveDiffers && live ? () => editor.load(live) : undefined}
            />
            {editor.conflict && (
              <Alert
                className="custom-menu-conflict"
                type="warning"
                showIcon
                title="菜单已被他人修改并保存"
                description="保存会被拒绝；载入最新菜单会放弃你的修改。"
                action={<Button onClick={() => menu.data && editor.reset(menu.data)}>载入最新</Button>}
              />
            )}
            {account?.status === 0 && (
              <Alert
                className="custom-menu-conflict"
                type="info"
                showIcon
                title="该公众号未授权，可编辑草稿但不能发布"
              />
            )}
          </Card>
          <Row gutter={[12, 12]}>
            <Col xs={24} lg={8}>
              <Card size="small" title="手机预览">
                <PhonePreview
                  accountName={account?.name ?? ''}
                  draft={editor.draft}
                  picked={picked}
                  onPick={editor.pick}
                />
              </Card>
            </Col>
            <Col xs={24} lg={7}>
              <Card
                size="small"
                title="菜单结构"
                extra={<span className="menu-status-muted">拖动或用 ↑↓ 调整顺序</span>}
              >
                <MenuTreeEditor
                  draft={editor.draft}
                  picked={picked}
                  errors={editor.errors}
                  disabled={!canEdit}
                  onPick={editor.pick}
                  onAddTop={editor.addTop}
                  onAddSub={editor.addSub}
                  onRemove={editor.remove}
                  onMove={editor.move}
                />
              </Card>
            </Col>
            <Col xs={24} lg={9}>
              <Card size="small" title="菜单内容">
                {picked && button ? (
                  <ButtonForm
                    picked={picked}
                    button={button}
                    errors={editor.errors}
                    disabled={!canEdit}
                    onChange={editor.update}
                  />
                ) : (
                  <Empty description="在左侧选择或添加一个菜单" />
                )}
              </Card>
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
