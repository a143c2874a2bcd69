import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const stub = fileURLToPath(new URL('./antd-static-parts-stub.ts', import.meta.url));
const antdTag = /\/node_modules\/antd\/es\/tag\/index\.js$/;
const antdAvatar = /\/node_modules\/antd\/es\/avatar\/index\.js$/;

/**
 * antd's Tag carries its checkable variants and Avatar its group as static properties, so every
 * list (enum tags) and the shell (the operator's avatar) loaded them (~1.5 KB gzip). No console
 * screen uses them (antd-static-parts.test.ts keeps it so); the build gives them a stand-in that
 * refuses loudly if ever rendered.
 */
export function antdStaticParts(): Plugin {
  return {
    name: 'console-antd-static-parts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && antdTag.test(importer) && (source === './CheckableTag' || source === './CheckableTagGroup'))
        return stub;
      if (importer && antdAvatar.test(importer) && source === './AvatarGroup') return stub;
      return null;
    },
  };
}
