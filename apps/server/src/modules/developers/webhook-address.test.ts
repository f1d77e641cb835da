import { describe, expect, it } from 'vitest';
import { isPrivateAddress, unsafeAddressReason } from './webhook-address.js';

describe('the webhook address filter', () => {
  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '151.101.1.69',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '[2001:4860:4860::8888]',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
    '2002:5db8:d822::1',
  ])('lets a public address through: %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it.each([
    // IPv4: loopback, private, shared, link-local (cloud metadata), this host, multicast, reserved, documentation.
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.7',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '198.18.0.1',
    // IPv6 itself: loopback, unspecified, unique local, link-local, multicast, documentation.
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    // Every form that carries a private IPv4 address.
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:a9fe:a9fe',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::7f00:1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it('judges the address a URL will really use, in the forms a URL writes it', async () => {
    expect(await unsafeAddressReason('http://93.184.216.34/hook')).toBeNull();
    expect(await unsafeAddressReason('http://[2606:4700:4700::1111]/hook')).toBeNull();
    for (const url of [
      'http://[::127.0.0.1]/hook',
      'http://[::ffff:0:127.0.0.1]/hook',
      'http://[64:ff9b:1::7f00:1]/hook',
      'http://[2002:7f00:1::]/hook',
      'http://[::ffff:169.254.169.254]/latest',
      'http://2130706433/hook',
      'http://0x7f.1/hook',
    ]) {
      expect(await unsafeAddressReason(url), url).toMatch(/loopback, private or link-local address$/);
    }
  });
});
