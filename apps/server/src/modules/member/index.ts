/** The member module's public entry: favourites, history and subscriptions for other modules. */
export { MemberService } from './member.service.ts';
export { mergeMember } from './member.merge.ts';
