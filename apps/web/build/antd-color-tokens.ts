import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const brightnessModule = fileURLToPath(new URL('./antd-is-bright.ts', import.meta.url));
/** antd's style files that compute a component token with the colour picker's `isBright`. */
const tokenFile = /\/node_modules\/antd\/es\/(button|tag)\/style\/[^/]+\.js$/;
/**
 * antd's colour wrapper, and the picker's helpers that antd's Tooltip imports for its `color` prop
 * (so they are in the core): both need only the picker package's colour class.
 */
const colourClassFile = /\/node_modules\/antd\/es\/color-picker\/(color|util)\.js$/;

/**
 * antd's button and tag tokens ask whether the solid background colour is bright, and import that
 * test from the colour picker's presets panel — which brings the panel itself, Collapse and the
 * whole picker into the chunk every page loads with its first button. This build step gives those
 * token files the same test from a module that needs only the colour class (already in the core),
 * and gives antd's colour wrapper and colour helpers the picker package's colour class instead of
 * its index (the picker component, its drag hooks and sliders). The settings drawer's ColorPicker still loads the real panel when it opens.
 */
export function antdColorTokens(): Plugin {
  return {
    name: 'console-antd-color-tokens',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      if (tokenFile.test(importer) && source.endsWith('/color-picker/components/ColorPresets')) return brightnessModule;
      if (colourClassFile.test(importer) && source === '@rc-component/color-picker') {
        return this.resolve('@rc-component/color-picker/es/color', importer, { skipSelf: true });
      }
      return null;
    },
  };
}
