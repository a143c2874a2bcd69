import { platformBusinessMenus } from './platform-menus-business.js';
import { platformOperationsMenus } from './platform-menus-operations.js';
import type { MenuSpec } from './types.js';

/**
 * Platform administrators' menu (spec section 2, platform-admin menu routes), in sidebar order.
 * The groups live in two files so each stays readable; the order here is the menu's order.
 */
export const platformMenus: MenuSpec[] = [...platformBusinessMenus, ...platformOperationsMenus];
