import { UploadOutlined } from '@ant-design/icons';
import type { RegisterImport } from '@console/contract';
import { Button } from 'antd';
import { Suspense, lazy, useState } from 'react';

// The dialog (and its table of errors) loads when an operator first imports.
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

/** 导入 on a list's toolbar, for a register that declared `defineImport`. */
export function ImportButton({ spec, onImported }: { spec: RegisterImport; onImported: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        导入
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog spec={spec} onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
