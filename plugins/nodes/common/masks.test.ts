import { describe, expect, it } from 'vitest';
import {
  applyHexMask,
  isCompleteHexMask,
  isHttpUrl,
  PLAIN_EUI_MASK,
  TTN_ADDRESS_MASK,
  TTN_EUI_MASK,
  TTN_KEY_MASK,
} from './masks';

describe('hex masks of the add-item wizard', () => {
  it('groups typed hex digits into hyphen-separated upper-case byte pairs and drops anything else', () => {
    expect(applyHexMask('70b3d57ed005a1b2', TTN_EUI_MASK)).toBe('70-B3-D5-7E-D0-05-A1-B2');
    expect(applyHexMask('70:b3 zz d5', TTN_EUI_MASK)).toBe('70-B3-D5');
    expect(applyHexMask('7', TTN_EUI_MASK)).toBe('7');
    expect(applyHexMask('0011223344556677889900', TTN_EUI_MASK)).toBe('00-11-22-33-44-55-66-77');
    expect(applyHexMask('26-01-1F-AB-CD', TTN_ADDRESS_MASK)).toBe('26-01-1F-AB');
    expect(applyHexMask('70-B3-D5-7E-D0-05-A1-B2', PLAIN_EUI_MASK)).toBe('70b3d57ed005a1b2');
  });

  it('is complete only with every pair: 8 for EUIs, 16 for keys, 4 for the device address', () => {
    expect(isCompleteHexMask('70-B3-D5-7E-D0-05-A1-B2', TTN_EUI_MASK)).toBe(true);
    expect(isCompleteHexMask('70-B3-D5-7E-D0-05-A1', TTN_EUI_MASK)).toBe(false);
    expect(isCompleteHexMask('70-B3-D5-7E-D0-05-A1-B', TTN_EUI_MASK)).toBe(false);
    expect(isCompleteHexMask(applyHexMask('00112233445566778899aabbccddeeff', TTN_KEY_MASK), TTN_KEY_MASK)).toBe(true);
    expect(isCompleteHexMask(applyHexMask('00112233445566778899aabbccddee', TTN_KEY_MASK), TTN_KEY_MASK)).toBe(false);
    expect(isCompleteHexMask('26-01-1F-AB', TTN_ADDRESS_MASK)).toBe(true);
    expect(isCompleteHexMask('26011FAB', TTN_ADDRESS_MASK)).toBe(false);
    expect(isCompleteHexMask('70b3d57ed005a1b2', PLAIN_EUI_MASK)).toBe(true);
    expect(isCompleteHexMask(undefined, PLAIN_EUI_MASK)).toBe(false);
  });

  it('accepts only http(s) URLs with a host', () => {
    expect(isHttpUrl('https://api.example.com/v1/values')).toBe(true);
    expect(isHttpUrl('http://10.0.0.5:8080')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('example.com')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});
