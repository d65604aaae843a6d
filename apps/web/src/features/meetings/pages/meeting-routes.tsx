import { loadNamespaces } from '../../../shared/i18n';
import { CreateMeetingPage, EditMeetingPage } from './meeting-form-page';
import { JoinPage } from './join-page';
import { LaunchPage } from './launch-page';
import { MyMeetingsPage } from './my-meetings-page';
import '../meetings.css';

/** The meeting pages' texts (`meeting`) arrive with the route. */
async function loader(): Promise<null> {
  await loadNamespaces('meeting');
  return null;
}

export const myMeetingsRoute = { Component: MyMeetingsPage, loader };
export const createRoute = { Component: CreateMeetingPage, loader };
export const editRoute = { Component: EditMeetingPage, loader };
export const joinRoute = { Component: JoinPage, loader };
export const launchRoute = { Component: LaunchPage, loader };
