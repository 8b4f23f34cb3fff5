import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { eventually } from './eventually.js';
import { insertTestProducts, SHIPPING, startOrdersApp, type OrdersTestApp, type TestProducts } from './orders-fixtures.js';

/** The shop's public origin the invitation emails link to (PUBLIC_URL). */
export const SHOP = 'https://shop.test.example';
export const PASSWORD = 'Practice!42';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The real app (issue 36) with a real SMTP server that keeps every message it accepts. */
export class PracticeWorld {
  readonly received: Mail[] = [];
  t!: OrdersTestApp;
  p!: TestProducts;
  private smtp!: SMTPServer;

  async start(name: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
    this.smtp = new SMTPServer({
      closeTimeout: 200,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({ to: String((mail.to as { text: string }).text), subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' });
            callback();
          })
          .catch(callback);
      },
    });
    const port = await new Promise<number>((resolve) => this.smtp.listen(0, '127.0.0.1', () => resolve((this.smtp.server.address() as AddressInfo).port)));
    this.t = await startOrdersApp(name, { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: SHOP, ...env });
    this.p = await insertTestProducts(this.t.dataSource);
  }

  async stop(): Promise<void> {
    await this.t?.close();
    await this.t?.drop();
    await new Promise<void>((resolve) => this.smtp.close(() => resolve()));
  }

  /** Registers an account (and its practice) and answers its signed-in agent. */
  async register(username: string, extra: Record<string, unknown> = {}): Promise<TestAgent> {
    const agent = request.agent(this.t.http);
    await agent.post('/api/register').send({ username, email: `${username}@practice.example`, password: PASSWORD, ...extra }).expect(201);
    return agent;
  }

  /** The link of the latest invitation email to `email` (waits for the queue), as its token. */
  async invitationToken(email: string, after = 0): Promise<string> {
    const mail = (await eventually(() => this.received.slice(after).filter((m) => m.to === email).at(-1), { what: `an invitation email to ${email}` }))!;
    const match = new RegExp(`${SHOP.replace(/\./g, '\\.')}/invitations/([^\\s"<]+)`).exec(mail.text);
    if (!match) throw new Error(`no invitation link in ${mail.text}`);
    return match[1]!;
  }

  /** The owner invites `username@practice.example` with `role`; the invitee accepts signed out: their new agent. */
  async join(owner: TestAgent, username: string, role: string): Promise<TestAgent> {
    const email = `${username}@practice.example`;
    const before = this.received.length;
    await owner.post('/api/practice/invitations').send({ email, role }).expect(201);
    const token = await this.invitationToken(email, before);
    const agent = request.agent(this.t.http);
    await agent.post(`/api/invitations/${token}/accept`).send({ username, password: PASSWORD }).expect(200);
    return agent;
  }

  /** A placed order's number. */
  async order(agent: TestAgent): Promise<string> {
    const placed = await agent.post('/api/orders').send({ lines: [{ product_id: this.p.cheap.id, quantity: 1, unit_price: this.p.cheap.price }], shipping: SHIPPING }).expect(201);
    return placed.body.number as string;
  }

  /** A signed-in service request's number. */
  async serviceRequest(agent: TestAgent): Promise<string> {
    const made = await agent
      .post('/api/service-requests')
      .send({ product_id: this.p.service.id, practice_name: 'Harbour', contact_name: 'Dr. Jane Smith', email: 'jane@practice.example', phone: '+1 503 555 0100' })
      .expect(201);
    return made.body.number as string;
  }

  async memberId(agent: TestAgent): Promise<number> {
    return (await agent.get('/api/me').expect(200)).body.id as number;
  }
}
