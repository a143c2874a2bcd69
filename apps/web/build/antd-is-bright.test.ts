import { AggregationColor } from 'antd/es/color-picker/color';
import { isBright as antdIsBright } from 'antd/es/color-picker/components/ColorPresets';
import { describe, expect, it } from 'vitest';
import { isBright } from './antd-is-bright';

describe('isBright (antd button and tag tokens without the presets panel)', () => {
  const colours = [
    '#000000',
    '#ffffff',
    '#1677ff',
    '#fadb14',
    '#c0c0c0',
    '#c1c1c1',
    'rgba(255,255,255,0.4)',
    'rgba(0,0,0,0.3)',
    '#52c41a',
    'transparent',
  ];
  it.each(colours)('judges %s as antd does, on white and on black', (value) => {
    for (const background of ['#fff', '#000']) {
      const colour = new AggregationColor(value);
      expect(isBright(colour, background)).toBe(antdIsBright(colour, background));
    }
  });

  it('tells a light colour from a dark one', () => {
    expect(isBright(new AggregationColor('#ffffff'), '#fff')).toBe(true);
    expect(isBright(new AggregationColor('#000000'), '#fff')).toBe(false);
  });
});
