import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apiCall, loginViaApi } from '../src/dev-api.ts';
import { HANG_LIMIT_MS, storeLogin, useSharedHarness } from '../src/harness.ts';

// Creates meetings of its own users only.
const h = useSharedHarness();

const PASSWORD = 'Pw2468';

describe('my meetings', () => {
  it('creates a meeting shown as XXXX-XXXX-XXXX, opens it as host with a launch token, and a second user joins by number with the password', async () => {
    const [hostToken, guestToken] = await Promise.all([loginViaApi(h.server.url, '137'), loginViaApi(h.server.url, '138')]);

    // The host fills in the form.
    const { page: host } = await h.newPage();
    await storeLogin(host, hostToken);
    await host.goto('/meeting/create?lang=en');
    await host.getByRole('heading', { level: 1, name: 'Create a meeting' }).waitFor();
    const title = `Lymphoma MDT ${Date.now()}`;
    await host.locator('#meeting-title').fill(title);
    // Nothing chosen yet: the form says what is missing and sends nothing.
    await host.getByRole('button', { name: 'Create meeting' }).click();
    await host.getByText('Choose a department', { exact: true }).last().waitFor();
    await host.locator('#meeting-department option[value]:not([value=""])').first().waitFor({ state: 'attached' });
    await host.locator('#meeting-department').selectOption({ index: 1 });
    await host.getByLabel('Require a password').check();
    await host.locator('#meeting-password').fill(PASSWORD);
    await host.getByLabel('Record the meeting (a replay can follow)').check();
    await host.getByRole('button', { name: 'Create meeting' }).click();

    // It is listed under "upcoming" with its number in groups of four.
    await host.waitForURL((u) => u.pathname === '/my_meeting', { timeout: HANG_LIMIT_MS });
    const item = host.getByTestId('meeting-item').filter({ hasText: title });
    const number = (await item.getByTestId('meeting-number').textContent())?.trim() ?? '';
    assert.match(number, /^\d{4}-\d{4}-\d{4}$/);
    assert.equal((await item.getByTestId('meeting-password').textContent())?.trim(), PASSWORD);
    // Recorded: said on the item and in the room.
    assert.equal((await item.getByTestId('meeting-recording').textContent())?.trim(), 'Recorded');
    // The attendee link and its QR code.
    await item.getByRole('button', { name: 'Invitation QR code' }).click();
    await item.getByRole('img', { name: `QR code: join meeting ${number}` }).waitFor();
    assert.equal(await item.getByTestId('meeting-link').getAttribute('href'), `${h.server.url}/meeting/join/${number.replace(/-/g, '')}`);

    // Start as host: a launch token opens the room with the moderator's controls.
    await item.getByRole('button', { name: 'Start as host' }).click();
    await host.waitForURL((u) => u.pathname.startsWith('/w/o/live/'), { timeout: HANG_LIMIT_MS });
    await host.getByTestId('moderator-panel').waitFor();
    assert.equal((await host.getByTestId('live-meeting-no').textContent())?.includes(number), true);
    assert.equal((await host.getByTestId('live-recording').textContent())?.trim(), 'Recorded');
    // A meeting's room leads back to my meetings, not to the public lives.
    assert.equal(await host.getByRole('link', { name: /Back to my meetings/ }).getAttribute('href'), '/my_meeting');
    const liveId = Number(new URL(host.url()).pathname.split('/').pop());

    // A launch token works once, in any browser: a fresh one is logged in as the host; reused, it fails.
    const mine = await apiCall<{ items: Array<{ id: number; live_id: number }> }>(h.server.url, '/v1/user/meeting/index', { token: hostToken });
    const meetingId = mine.data.items.find((m) => m.live_id === liveId)?.id;
    assert.ok(meetingId);
    const issued = await apiCall<{ launch_path: string }>(h.server.url, `/v1/user/meeting/${meetingId}/launch_token`, { method: 'POST', token: hostToken });
    const { page: other } = await h.newPage({ width: 390, height: 844 });
    await other.goto(`${issued.data.launch_path}&lang=en`);
    await other.waitForURL((u) => u.pathname === `/w/o/live/${liveId}`, { timeout: HANG_LIMIT_MS });
    await other.getByTestId('moderator-panel').waitFor();
    const { page: again } = await h.newPage();
    await again.goto(`${issued.data.launch_path}&lang=en`);
    await again.getByRole('heading', { level: 1, name: 'The meeting could not be opened' }).waitFor();

    // A second user on a phone joins by the number typed with spaces, and needs the password.
    const { page: guest } = await h.newPage({ width: 390, height: 844 });
    await storeLogin(guest, guestToken);
    await guest.goto('/meeting/join?lang=en');
    await guest.getByLabel('Meeting number').fill(number.replace(/-/g, ' '));
    await guest.getByRole('button', { name: 'Find meeting' }).click();
    const card = guest.getByTestId('meeting-join-card');
    await card.getByText(title).waitFor();
    assert.equal((await card.getByTestId('meeting-number').textContent())?.trim(), number);
    await guest.getByLabel('Meeting password').fill('wrong1');
    await guest.getByRole('button', { name: 'Join meeting' }).click();
    await guest.getByRole('alert').filter({ hasText: 'The access code is wrong' }).waitFor();
    await guest.getByLabel('Meeting password').fill(PASSWORD);
    await guest.getByRole('button', { name: 'Join meeting' }).click();
    await guest.waitForURL((u) => u.pathname === `/w/o/live/${liveId}`, { timeout: HANG_LIMIT_MS });
    await guest.getByTestId('live-meeting-no').filter({ hasText: number }).waitFor();
    // Admitted: no code form; an attendee, not a moderator.
    assert.equal(await guest.locator('#lr-code').count(), 0);
    assert.equal(await guest.getByTestId('moderator-panel').count(), 0);
  });
});
