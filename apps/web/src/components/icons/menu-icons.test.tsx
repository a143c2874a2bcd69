import { agentMenus, flattenMenus, platformMenus } from '@console/contract';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MenuIcon, menuIcons } from './menu-icons';

describe('menu icon registry', () => {
  it('has a component for every icon the menu catalogue names', () => {
    const names = flattenMenus([...platformMenus, ...agentMenus])
      .map(({ spec }) => spec.icon)
      .filter((icon): icon is string => Boolean(icon));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !menuIcons[name])).toEqual([]);
  });

  it('renders the named icon and nothing for an unknown name', () => {
    const { container, rerender } = render(<MenuIcon name="ShopOutlined" />);
    expect(container.querySelector('[aria-label="shop"]')).not.toBeNull();
    rerender(<MenuIcon name="NoSuchOutlined" />);
    expect(container.innerHTML).toBe('');
  });
});
