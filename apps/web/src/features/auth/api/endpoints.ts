import type { Endpoints } from '@medportal/contract';

/**
 * Method and path of the accounts and profile endpoints, kept in the auth feature so they load
 * with its routes rather than with the home page. `satisfies` fails the type check when a path
 * or method drifts from the contract's registry.
 */
export const authEndpoints = {
  captchaImage: { method: 'GET', path: '/v1/user/verify_code_image' },
  countryPhoneCodes: { method: 'GET', path: '/v1/user/country_phone_code' },
  sendSms: { method: 'POST', path: '/v1/user/send/sms' },
  sendEmailCode: { method: 'POST', path: '/v1/user/send/code' },
  login: { method: 'POST', path: '/v1/user/login' },
  logout: { method: 'GET', path: '/v1/user/logout' },
  loginInfo: { method: 'GET', path: '/v1/user/login_info' },
  setPassword: { method: 'POST', path: '/v1/user/password' },
  resetPassword: { method: 'POST', path: '/v1/user/reset_password' },
  forgetPassword: { method: 'POST', path: '/v1/user/forget_password' },
  checkHasPassword: { method: 'GET', path: '/v1/user/user/check_has_password' },
  hasPayPassword: { method: 'GET', path: '/v1/user/pay/has_pay_password' },
  setPayPassword: { method: 'POST', path: '/v1/user/pay/password' },
  changePayPassword: { method: 'PUT', path: '/v1/user/pay/password' },
  forgetPayPassword: { method: 'POST', path: '/v1/user/pay/forget_password' },
  wechatQrConnect: { method: 'GET', path: '/v1/wechat/qrconnect' },
  wechatLoginInfo: { method: 'GET', path: '/v1/user/wechat/login/info' },
  wechatCallback: { method: 'POST', path: '/v1/wechat/callback' },
  devOutbox: { method: 'GET', path: '/v1/dev/outbox' },
  personalInfo: { method: 'GET', path: '/v1/user/personal_info' },
  updatePersonalInfo: { method: 'PUT', path: '/v1/user/personal_info' },
  uploadImage: { method: 'POST', path: '/v1/user/img' },
  departmentTree: { method: 'GET', path: '/v2/user/personal_department' },
  profileForm: { method: 'POST', path: '/v1/user/form' },
  cancelAccount: { method: 'POST', path: '/v1/user/account/cancel' },
} as const satisfies { [N in keyof Endpoints]?: Pick<Endpoints[N], 'method' | 'path'> };
