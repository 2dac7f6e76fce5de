// Issue 5 "Done when" (the app part), in the browser host against the
// simulator: a supervisor signs in with the API user, browses campaigns and
// dialers, creates an agent, adds it to two campaigns in one request, uploads
// a CSV (the simulator holds it with the right count and content), and queues
// a dialer record that the simulator then offers to that agent's phone.
// The new agent signs in with a second copy of the app (its own browser host)
// whose phone registers; screenshots in ES and EN.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, screenshot, signIn, startApp, type E2EApp } from './harness';
import { firstColumn, listContent, openTab, registeredPhones, shootBothLanguages, signInAgentApp, state, until, type AgentApp } from './supervisor-kit';

const NEW_AGENT = { userName: 'e2e.supervisado', fullname: 'Ñandú Pérez', phone: '1999', password: 'clave-e2e-1999' };
const LIST_TEXT = 'telefono;nombre;deuda\n099111222;Peña;100\n099333444;Muñoz;250\n099555666;Ibáñez;75\n';

let app: E2EApp;
let dir: string;
let agentApp: AgentApp | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'supervisor-e2e-'));
  app = await startApp({ viewport: { width: 1280, height: 860 } });
  await chooseLanguage(app.page, 'en');
  await signIn(app, { apiUser: app.apiUser.user, apiPassword: app.apiUser.password });
  await app.page.getByTestId('supervisor-area').waitFor();
}, 240_000);

afterAll(async () => {
  await agentApp?.close();
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the supervisor area against the simulator', () => {
  it('lists the campaigns with parsed fields; search, sort, drawer with raw JSON; refresh keeps selection and the table', async () => {
    const { page } = app;
    await page.getByTestId('campaigns-table').waitFor();
    expect((await firstColumn(page, 'campaigns-table')).sort()).toEqual(['Cobranzas->', 'Encuestas->', 'Manual->', 'Soporte<-']);
    const cobranzas = page.locator('[data-testid=campaigns-table] tr[data-key="Cobranzas->"]');
    const cells = await cobranzas.locator('td').allTextContents();
    expect(cells).toEqual(['Cobranzas->', 'Outbound', 'Mon–Sat, 09:00–18:00', '30 / 60 / 90', 'cobranzasForm (flag on)', 'SIP/troncal1', '26002000', '—', 'yes']);
    expect(await page.locator('[data-testid=campaigns-table] tr[data-key="Soporte<-"] td').nth(1).textContent()).toBe('Inbound');

    await page.getByLabel('Search').fill('sop');
    expect(await firstColumn(page, 'campaigns-table')).toEqual(['Soporte<-']);
    await page.getByLabel('Search').fill('');
    await page.locator('[data-testid=campaigns-table] th button').first().click(); // name, now descending
    expect(await firstColumn(page, 'campaigns-table')).toEqual(['Soporte<-', 'Manual->', 'Encuestas->', 'Cobranzas->']);

    await cobranzas.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('details-drawer');
    await drawer.waitFor();
    const raw = JSON.parse((await drawer.getByTestId('raw-record').textContent()) ?? '') as Record<string, unknown>;
    expect(raw).toMatchObject({ name: 'Cobranzas->', form: 'cobranzasForm|true', dialstring: 'SIP/troncal1/26002000', auto_answer: '1' });
    // Beside the drawer the table leaves out what the drawer shows (thresholds, trunk, auto-answer) and fits without scrolling sideways.
    const headers = () => page.locator('[data-testid=campaigns-table] thead th').allInnerTexts();
    expect((await headers()).map((h) => h.replace(/[▲▼↕]/g, '').trim())).toEqual(['Name', 'Direction', 'Schedule', 'Form', 'Number', 'DID']);
    const scroll = page.getByTestId('campaigns-table-scroll');
    expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    // In a narrow window (drawer below the table) the table does scroll sideways; a refresh keeps that scroll.
    await page.setViewportSize({ width: 560, height: 860 });
    await scroll.evaluate((el) => {
      el.dataset['marker'] = 'before-refresh';
      el.scrollLeft = 120;
    });
    const scrollLeft = await scroll.evaluate((el) => el.scrollLeft);
    expect(scrollLeft).toBeGreaterThan(0);
    // The agent's dial pad lists campaigns too, so count this refresh's request, not the total.
    const campaignRequests = () => app.simState().then((s) => (s['requests'] as { operation: string }[]).filter((r) => r.operation === 'getCampaigns').length);
    const before = await campaignRequests();
    await page.getByTestId('refresh').click();
    await until('the refresh ends', () => page.getByTestId('refresh').isEnabled(), Boolean);
    expect(await campaignRequests()).toBeGreaterThan(before);
    expect(await scroll.evaluate((el) => [el.dataset['marker'], el.scrollLeft])).toEqual(['before-refresh', scrollLeft]);
    expect(await cobranzas.getAttribute('aria-current')).toBe('true');
    await scroll.evaluate((el) => (el.scrollLeft = 0));
    await page.setViewportSize({ width: 1280, height: 860 });
    await shootBothLanguages(page, 'campaigns');
    await drawer.getByRole('button', { name: 'Close' }).click();
    expect(await headers()).toHaveLength(9); // every column again once the drawer is closed
  });

  it('lists the dialers with variables, phones by hour and recycle rules as small tables', async () => {
    const { page } = app;
    await page.locator('[role=tab][data-tab=campaigns]').focus(); // keyboard: arrows move between tabs
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('[role=tab][data-tab=dialers]').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tab'))).toBe('dialers');
    await page.getByTestId('dialers-table').waitFor();
    expect((await firstColumn(page, 'dialers-table')).sort()).toEqual(['Cobranzas->', 'Encuestas->']);
    await page.locator('[data-testid=dialers-table] tr[data-key="Cobranzas->"]').click();
    const drawer = page.getByTestId('details-drawer');
    expect(await drawer.locator('[data-testid=variables-table] tbody tr').allInnerTexts()).toEqual(['origen\tcrm', 'prioridad\talta']);
    expect(await drawer.locator('[data-testid=schedulephones-table] tbody tr').allInnerTexts()).toEqual(['09:00\tA', '13:00\tB', '17:00\tAB']);
    expect(await drawer.locator('[data-testid=recycle-table] thead th').allInnerTexts()).toEqual(['disposition', 'minutes']);
    expect(await drawer.locator('[data-testid=recycle-table] tbody tr').allInnerTexts()).toEqual(['NO ANSWER\t30', 'BUSY\t10']);
    await shootBothLanguages(page, 'dialers');
    await drawer.getByRole('button').first().focus();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it('creates an agent: a password mismatch is shown, a taken phone number is reported, the platform holds the new agent', async () => {
    const { page } = app;
    await openTab(page, 'createAgent');
    const form = page.getByTestId('create-agent-form');
    await form.locator('input[name=userName]').fill(NEW_AGENT.userName);
    await form.locator('input[name=fullname]').fill(NEW_AGENT.fullname);
    await form.locator('input[name=phoneNumber]').fill('1001'); // ana.garcia's
    await form.locator('input[name=password]').fill(NEW_AGENT.password);
    await form.locator('input[name=confirm]').fill('something else');
    expect(await form.getByTestId('error-confirm').textContent()).toMatch(/different/);
    await form.locator('button[type=submit]').click();
    expect(await state(app).then((s) => s.requests.filter((r) => r.operation === 'createAgent').length)).toBe(0);

    await form.locator('input[name=confirm]').fill(NEW_AGENT.password);
    await form.locator('button[type=submit]').click();
    expect(await form.getByTestId('error-phoneNumber').textContent()).toMatch(/phone number .*already in use/);
    await shootBothLanguages(page, 'create-agent-refused');
    await chooseLanguage(page, 'es');
    const spanish = await form.getByTestId('error-phoneNumber').textContent();
    expect(spanish).toMatch(/número de teléfono .*ya está en uso/);
    expect(spanish).toContain('Crear agente: la plataforma se negó a crear este agente.'); // the detail too, not only the headline
    expect(spanish).not.toContain('Create Agent');
    await chooseLanguage(page, 'en');

    await form.locator('input[name=phoneNumber]').fill(NEW_AGENT.phone);
    await form.locator('button[type=submit]').click();
    await form.getByTestId('create-agent-done').waitFor();
    await chooseLanguage(page, 'es'); // the note follows the language
    expect(await form.getByTestId('create-agent-done').textContent()).toBe(`Agente ${NEW_AGENT.userName} creado con el teléfono ${NEW_AGENT.phone}.`);
    await chooseLanguage(page, 'en');
    const created = (await state(app)).agents.find((a) => a.accountcode === NEW_AGENT.userName);
    expect(created).toMatchObject({ name: NEW_AGENT.phone, fullname: NEW_AGENT.fullname, origin: 'create-agent' });
    expect(await page.getByTestId('created-agents').textContent()).toContain(NEW_AGENT.userName);
    await shootBothLanguages(page, 'create-agent');

    // The same phone again: main refuses it itself (created in this session), said in Spanish too.
    await chooseLanguage(page, 'es');
    await form.locator('input[name=userName]').fill('e2e.otro');
    await form.locator('input[name=fullname]').fill('Otro Agente');
    await form.locator('input[name=phoneNumber]').fill(NEW_AGENT.phone);
    await form.locator('input[name=password]').fill(NEW_AGENT.password);
    await form.locator('input[name=confirm]').fill(NEW_AGENT.password);
    await form.locator('button[type=submit]').click();
    const again = await form.getByTestId('error-phoneNumber').textContent();
    expect(again).toContain(`El número de teléfono ${NEW_AGENT.phone} ya está en uso: usted creó a ${NEW_AGENT.userName} con él en esta sesión.`);
    expect(again).not.toMatch(/already in use|Choose another/);
    await screenshot(page, 'supervisor-create-agent-again-es');
    await chooseLanguage(page, 'en');
    expect(await form.getByTestId('error-phoneNumber').textContent()).toContain(`The phone number ${NEW_AGENT.phone} is already in use: you created ${NEW_AGENT.userName} with it in this session.`);
    await screenshot(page, 'supervisor-create-agent-again-en');
  });

  it('adds the new agent to two campaigns in one request and lists the pairs added', async () => {
    const { page } = app;
    await openTab(page, 'members');
    const form = page.getByTestId('members-form');
    await form.locator(`input[name=agent][value="${NEW_AGENT.phone}"]`).check();
    await form.locator('input[name=campaign][value="Cobranzas->"]').check();
    await form.locator('input[name=campaign][value="Encuestas->"]').check();
    await form.locator('button[type=submit]').click();
    const done = form.getByTestId('members-done');
    await done.waitFor();
    expect(await done.locator('li').allTextContents()).toEqual([`${NEW_AGENT.userName} (SIP/1999) → Cobranzas->`, `${NEW_AGENT.userName} (SIP/1999) → Encuestas->`]);
    const sim = await state(app);
    expect(sim.requests.filter((r) => r.operation === 'addQueueMember')).toHaveLength(1);
    const mine = sim.queueMembers.filter((m) => m.membername === NEW_AGENT.userName);
    expect(mine.map((m) => [m.queueName, m.interface1]).sort()).toEqual([['Cobranzas->', 'SIP/1999'], ['Encuestas->', 'SIP/1999']]);
    await shootBothLanguages(page, 'members');
  });

  it('refuses a binary file before any upload, then uploads a Windows-1252 CSV converted to UTF-8 with the counted records', async () => {
    const { page } = app;
    await openTab(page, 'upload');
    const form = page.getByTestId('upload-form');
    const xlsx = join(dir, 'lista.xlsx');
    writeFileSync(xlsx, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 1)]));
    await form.locator('input[name=path]').fill(xlsx);
    await form.getByTestId('check-file').click();
    expect(await form.getByTestId('upload-binary').textContent()).toMatch(/Export it .* as CSV.*lista\.xlsx: it is a ZIP archive, as an Excel workbook \(\.xlsx\) is\./);
    await shootBothLanguages(page, 'upload-binary');
    // What the file is comes in the supervisor's language too, not the client's English.
    await chooseLanguage(page, 'es');
    expect(await form.getByTestId('upload-binary').textContent()).toMatch(/Expórtela .* como CSV.*lista\.xlsx: es un archivo ZIP, como lo es un libro de Excel \(\.xlsx\)\./);
    await chooseLanguage(page, 'en');

    const csv = join(dir, 'deudores.csv');
    writeFileSync(csv, iconv.encode(LIST_TEXT, 'windows-1252'));
    await form.locator('input[name=path]').fill(csv);
    await form.getByTestId('check-file').click();
    await form.getByTestId('list-analysis').waitFor();
    expect(await form.getByTestId('list-records').textContent()).toBe('3');
    expect(await form.getByTestId('list-encoding').textContent()).toMatch(/Windows-1252.*converted to UTF-8/);
    expect(await form.locator('[data-testid=list-preview] tr').nth(1).innerText()).toBe('099111222\tPeña\t100');
    await form.locator('select[name=campaign]').selectOption('Encuestas->');
    await form.locator('button[type=submit]').click();
    await form.getByTestId('upload-done').waitFor();
    expect(await form.getByTestId('upload-progress').evaluate((el) => [(el as HTMLProgressElement).value, (el as HTMLProgressElement).max])).toEqual([
      Buffer.byteLength(iconv.encode(LIST_TEXT, 'windows-1252')),
      Buffer.byteLength(iconv.encode(LIST_TEXT, 'windows-1252')),
    ]);

    const progressFrames = app.bridgeFrames.filter((f) => f.includes('"supervisor.uploadProgress"'));
    expect(progressFrames.length).toBeGreaterThan(0); // main pushed progress over the bridge
    expect(progressFrames.at(-1)).toContain(`"bytesRead":${Buffer.byteLength(iconv.encode(LIST_TEXT, 'windows-1252'))}`);
    const sim = await state(app);
    expect(sim.requests.filter((r) => r.operation === 'uploadBase')).toHaveLength(1); // the xlsx never left the machine
    expect(sim.lists).toHaveLength(1);
    const list = sim.lists[0]!;
    expect(list).toMatchObject({ filename: 'deudores.csv', campaign: 'Encuestas->', username: app.apiUser.user, cant: 3, records: 3, hasHeader: true });
    expect(await listContent(app, list.id)).toBe(LIST_TEXT);
    // Sent: a second click or Enter does not put the same records in the same campaign twice.
    const submit = form.getByTestId('upload-submit');
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.textContent()).toBe('Uploaded to Encuestas->');
    await form.locator('input[name=path]').press('Enter');
    await shootBothLanguages(page, 'upload');
    expect((await state(app)).lists).toHaveLength(1);
    // Another campaign is another upload, on purpose: the button is back.
    await form.locator('select[name=campaign]').selectOption('Cobranzas->');
    expect(await submit.isEnabled()).toBe(true);
    expect(await submit.textContent()).toBe('Upload 3 records');

    // A long list's count is grouped the way the supervisor reads numbers: 12,345 in English, 12.345 in Spanish.
    const long = join(dir, 'larga.csv');
    writeFileSync(long, `telefono\n${Array.from({ length: 12_345 }, (_, i) => `09${1_000_000 + i}`).join('\n')}\n`);
    await form.locator('input[name=path]').fill(long);
    await form.getByTestId('check-file').click();
    await form.getByTestId('upload-progress').waitFor({ state: 'detached' }); // the last upload's bar went with its file
    await until('the long list is counted', () => form.getByTestId('list-records').textContent(), (text) => text === '12,345');
    expect(await form.locator('button[type=submit]').textContent()).toBe('Upload 12,345 records');
    expect(await form.getByTestId('list-uneven-rows').count()).toBe(0);
    await chooseLanguage(page, 'es');
    expect(await form.getByTestId('list-records').textContent()).toBe('12.345');
    await chooseLanguage(page, 'en');

    // Rows whose fields do not match the first row's are named before the upload, by the row a spreadsheet shows.
    const uneven = join(dir, 'desparejas.csv');
    const rows = Array.from({ length: 1_500 }, (_, i) => (i % 200 === 7 ? `09${1_000_000 + i}` : `09${1_000_000 + i};Cliente ${i}`));
    writeFileSync(uneven, `telefono;nombre\n${rows.join('\n')}\n`);
    await form.locator('input[name=path]').fill(uneven);
    // The last file's analysis goes as soon as another path is typed; Enter in the field checks the new one.
    expect(await form.getByTestId('list-analysis').count()).toBe(0);
    await form.locator('input[name=path]').press('Enter');
    const warning = form.getByTestId('list-uneven-rows');
    await warning.waitFor();
    expect(await warning.textContent()).toBe('8 rows do not have as many fields as the first row, which has 2 (rows 9, 209, 409, 609, 809, …); the platform may misread them. Check the file, or upload it as it is.');
    await shootBothLanguages(page, 'upload-uneven-rows');
    await chooseLanguage(page, 'es');
    expect(await warning.textContent()).toBe('8 filas no tienen tantos campos como la primera fila, que tiene 2 (filas 9, 209, 409, 609, 809, …); la plataforma podría leerlas mal. Revise el archivo o súbalo así.');
    await chooseLanguage(page, 'en');
  });

  it('queues a dialer record that the simulator offers to the new agent, signed in with the app in a second window', async () => {
    const { page } = app;
    agentApp = await signInAgentApp(app, NEW_AGENT.userName, NEW_AGENT.password);
    await until('the new agent\'s phone registers', () => registeredPhones(app), (phones) => phones.includes(NEW_AGENT.phone));
    await openTab(page, 'dialerRecord');
    const form = page.getByTestId('dialer-record-form');
    await form.locator('select[name=campaign]').selectOption('Encuestas->');
    await form.locator('input[name=destination]').fill('099777888');
    await form.locator('input[name=agent]').fill(NEW_AGENT.phone);
    await form.locator('input[name=dataKey]').first().fill('cliente');
    await form.locator('input[name=dataValue]').first().fill('Peña');
    await form.getByRole('button', { name: 'Add row' }).click();
    await form.locator('input[name=dataKey]').nth(1).fill('deuda');
    await form.locator('input[name=dataValue]').nth(1).fill('100');
    await form.locator('input[name=when][value=at]').check();
    await form.locator('input[name=calldate]').fill('2020-01-02T03:04:05');
    expect(await form.getByTestId('date-time-said').textContent()).toBe('That is Thursday, January 2, 2020 at 03:04:05 AM, which has passed.');
    await form.locator('input[name=when][value=now]').check();
    await form.locator('button[type=submit]').click();
    await form.getByTestId('dialer-record-done').waitFor();
    await shootBothLanguages(page, 'dialer-record');
    expect(await form.getByTestId('dialer-record-done').textContent()).toBe('Record for 099777888 queued in Encuestas->. The form is ready for the next number.');
    // The customer's fields went with the record, the rest stays: a second Enter queues nothing twice.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('destination');
    expect(await form.locator('input[name=destination]').inputValue()).toBe('');
    expect(await form.locator('input[name=dataKey]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(['']);
    expect(await form.locator('input[name=agent]').inputValue()).toBe(NEW_AGENT.phone);
    await form.locator('input[name=destination]').press('Enter');
    await form.locator('input[name=destination][aria-invalid=true]').waitFor();
    expect((await state(app)).dialerTasks.filter((t) => t.destination === '099777888')).toHaveLength(1);

    const task = (await state(app)).dialerTasks.find((t) => t.destination === '099777888');
    expect(task).toMatchObject({ campaign: 'Encuestas->', agent: NEW_AGENT.phone, data: 'cliente=Peña;deuda=100', calldate: null });
    const offered = await until('the dialer offers the record to phone 1999', () => state(app), (s) => s.calls.some((c) => c.origin === 'dialer' && c.destination === '099777888'));
    expect(offered.calls.find((c) => c.destination === '099777888')).toMatchObject({ origin: 'dialer', phone: NEW_AGENT.phone, campaign: 'Encuestas->' });
    expect(offered.dialerTasks.find((t) => t.destination === '099777888')?.status).toBe('taken');
  });
});
