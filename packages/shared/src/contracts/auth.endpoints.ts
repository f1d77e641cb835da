import { endpoint } from './contract.js';

/** Auth (spec §7 "Auth"). Schemas: `./auth.ts`. */
export const authEndpoints = {
  register: endpoint('POST', '/auth/register'),
  login: endpoint('POST', '/auth/login'),
  google: endpoint('POST', '/auth/google'),
  facebook: endpoint('POST', '/auth/facebook'),
  logout: endpoint('POST', '/auth/logout'),
  logoutAll: endpoint('POST', '/auth/logout-all'),
  refresh: endpoint('POST', '/auth/refresh-token'),
  forgotPassword: endpoint('POST', '/auth/forgot-password'),
  verifyResetOtp: endpoint('POST', '/auth/verify-reset-otp'),
  resetPassword: endpoint('POST', '/auth/reset-password'),
  changePassword: endpoint('POST', '/auth/change-password'),
  requestVerification: endpoint('POST', '/auth/request-verification'),
  verifyEmail: endpoint('POST', '/auth/verify-email'),
  sessions: endpoint('GET', '/auth/sessions'),
  revokeSession: endpoint('DELETE', '/auth/sessions/:id'),
} as const;
