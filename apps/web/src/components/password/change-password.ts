import { authEndpoints, errors } from '@console/contract';
import { api } from '../../lib/api/request';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

/**
 * Changes the signed-in operator's password (个人中心 and the first-sign-in dialog). A wrong
 * current password is told at its field from the answer's fieldErrors, not again in a toast.
 */
export function changePassword({ oldPassword, newPassword }: PasswordChange) {
  return api(authEndpoints.changePassword, {
    body: { oldPassword, newPassword },
    quietCodes: [errors.wrongPassword.code],
  });
}
