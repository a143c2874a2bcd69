import {
  directAdjustAccountEndpoint,
  directAdjustKind,
  financeTotalsEndpoints,
  mountedEndpoint,
  permissionOf,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BalanceAdjustDialog } from '../../components/balance/balance-adjust-dialog';
import { LockableButton, useWriteLocked } from '../../components/resource/write-lock';
import { api } from '../../lib/api/request';
import { useSession } from '../../stores/session';

const permission = permissionOf(directAdjustAccountEndpoint.access) ?? '';
const totals = mountedEndpoint(financeTotalsEndpoints.accountRecord, 'direct');

/**
 * 直营 交易记录 调整余额: the platform tops up or corrects its own direct-run account. Only this
 * mount has it (a provider never adjusts its own balance). The balance shown is read when the
 * dialog opens and sent back with the adjustment, so a balance that moved meanwhile is refused.
 */
export function DirectAdjustButton({ onDone }: { onDone: () => void }) {
  const allowed = useSession((s) => s.permissions.has(permission));
  const [open, setOpen] = useState(false);
  const locked = useWriteLocked();
  const balance = useQuery({
    queryKey: ['directAccountBalance'],
    queryFn: () => api(totals, { body: {} }),
    enabled: open,
    staleTime: 0,
  });
  if (!allowed) return null;
  return (
    <>
      <LockableButton locked={locked} type="primary" onClick={() => setOpen(true)}>
        调整余额
      </LockableButton>
      {open && (
        <BalanceAdjustDialog
          title="调整余额 · 平台直营账户"
          subject={{ label: '账户', name: '平台直营' }}
          balance={balance.data?.balance ?? null}
          kinds={directAdjustKind}
          initialKind={1}
          recordedIn="交易记录"
          send={(draft) =>
            api(directAdjustAccountEndpoint, {
              body: {
                direction: draft.direction,
                kind: draft.kind as 1 | 8,
                amount: draft.amount,
                remark: draft.remark,
                balanceBefore: balance.data?.balance ?? 0,
              },
            }).finally(() => void balance.refetch())
          }
          onDone={() => {
            setOpen(false);
            onDone();
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
