import { type EnterpriseWallet, adjustWalletEndpoint, permissionOf } from '@console/contract';
import { App } from 'antd';
import { useMemo } from 'react';
import { useDialogTarget } from '../../components/resource/action-dialog';
import type { RowAction } from '../../components/resource/define-web-resource';
import { ResourceListPage } from '../../components/resource/resource-list-page';
import { enterpriseWalletWeb } from '../../resources/enterprise-wallet';
import { WalletAdjustDialog } from './wallet-adjust-dialog';
import { WalletLedger } from './wallet-ledger';

const adjustCode = permissionOf(adjustWalletEndpoint.access) ?? 'enterpriseWallet.adjust';

/** /payManger/enterpriseWallet 企业钱包: balances per enterprise, each wallet's ledger, and 调整余额 with a second confirmation. */
export default function EnterpriseWalletPage() {
  const { message } = App.useApp();
  // The row action's promise settles when the dialog closes, so the list reloads after a change.
  const { target: adjusting, open, done, cancel } = useDialogTarget<EnterpriseWallet>();
  const web = useMemo(() => {
    const adjust: RowAction<EnterpriseWallet> = { key: 'adjust', label: '调整余额', permission: adjustCode, run: open };
    return { ...enterpriseWalletWeb, rowActions: [adjust], detailExtra: WalletLedger };
  }, [open]);

  return (
    <>
      <ResourceListPage web={web} />
      {adjusting && (
        <WalletAdjustDialog
          wallet={adjusting}
          onDone={() => {
            void message.success(`已调整「${adjusting.enterpriseName ?? ''}」的钱包余额`);
            done();
          }}
          onCancel={cancel}
        />
      )}
    </>
  );
}
