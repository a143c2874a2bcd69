import { errors } from '@console/contract';

/**
 * For the shell's own background calls (badge, contact facts): every refusal passes without a
 * toast, except an ended session, which still signs the operator out.
 */
export const quietExceptSignOut: readonly number[] = Object.values(errors)
  .map((error) => error.code as number)
  .filter((code) => code !== errors.notSignedIn.code);
