import { type EnterpriseWallet, adjustWalletEndpoint, walletLedgerKind } from '@console/contract';
import { BalanceAdjustDialog } from '../../components/balance/balance-adjust-dialog';
import { api } from '../../lib/api/request';

interface Props {
  wallet: EnterpriseWallet;
  onDone: () => void;
  onCancel: () => void;
}

/** 企业钱包 调整余额: the two-step adjustment (BalanceAdjustDialog) on one enterprise's wallet. */
export function WalletAdjustDialog({ wallet, onDone, onCancel }: Props) {
  return (
    <BalanceAdjustDialog
      title={`调整余额 · ${wallet.enterpriseName ?? ''}`}
      subject={{ label: '企业', name: wallet.enterpriseName }}
      balance={wallet.balance}
      balanceNote={wallet.status === 0 ? '（已冻结：只能充值）' : undefined}
      kinds={walletLedgerKind}
      initialKind={4}
      recordedIn="钱包明细"
      send={(draft) =>
        api(adjustWalletEndpoint, {
          body: {
            id: wallet.id,
            direction: draft.direction,
            kind: draft.kind as 1 | 2 | 3 | 4,
            amount: draft.amount,
            remark: draft.remark,
          },
        })
      }
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}
