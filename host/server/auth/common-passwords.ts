import { dictionary } from '@zxcvbn-ts/language-common';
import { setCommonPasswords } from '@sensorium/core/common';

let installed = false;

/** Gives the password rule the common-password list zxcvbn-ts maintains (about 50,000 leaked passwords). */
export function installCommonPasswords(): void {
  if (installed) return;
  setCommonPasswords(dictionary['passwords-common'] as string[]);
  installed = true;
}
