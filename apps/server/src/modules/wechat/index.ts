/** The wechat module's public entry: its routes and the official account / mini-program adapter app.ts wires. */
export { default as wechatRoutes, type WechatRoutesOptions } from './wechat.routes.ts';
export { createWechatPlatform, type WechatPlatform } from './wechat.platform.factory.ts';
