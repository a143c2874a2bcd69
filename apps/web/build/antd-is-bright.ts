import { FastColor } from '@ant-design/fast-color';

/** The part of antd's colour class this test reads. */
interface Colour {
  toRgb(): { r: number; g: number; b: number; a: number };
  toRgbString(): string;
}

/**
 * Whether a colour reads as bright (so text on it should be dark), as antd's colour-picker presets
 * judge it: a half-transparent colour by its HSV value over the background, an opaque one by luma.
 * antd's button and tag tokens get this module instead of the presets panel (antd-color-tokens.ts).
 */
export function isBright(colour: Colour, background: string): boolean {
  const { r, g, b, a } = colour.toRgb();
  if (a <= 0.5) return new FastColor(colour.toRgbString()).onBackground(background).toHsv().v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
}
