import { contrastRatio, darkText, lightText, readableTextColor } from './color-contrast';

describe('colour contrast (WCAG 2.x)', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#2450E6', '#2450e6')).toBeCloseTo(1, 5);
    expect(contrastRatio('#fff', '#777777')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('green', '#ffffff')).toBeNaN();
  });

  it('writes white on dark colours and navy on light ones', () => {
    expect(readableTextColor('#2450E6')).toBe(lightText);
    expect(readableTextColor('#0B1B3F')).toBe(lightText);
    expect(readableTextColor('#FFD23F')).toBe(darkText);
    expect(readableTextColor('#50FFDC')).toBe(darkText);
    expect(readableTextColor('not a colour')).toBe(lightText);
  });
});
