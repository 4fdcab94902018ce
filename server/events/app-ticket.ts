import type { Db, Queryable } from '../db/driver.ts';
import { enqueueAppEvent } from './app-events.ts';
import { STORE_APP_TYPE } from '../../schemas/app.ts';

/**
 * Lark's `app_ticket` for store apps (type 0): a secret the platform pushes to the app's event
 * endpoint (server/events/app-events.ts) every hour and whenever the
 * app asks for it again (`app_ticket/resend`). A store app's app token is bought with its id, its
 * secret *and* the ticket, so only the holder of the endpoint the app declared gets one. The
 * ticket before the current one still buys a token for TICKET_OVERLAP_MS after it is replaced.
 */
export const TICKET_EVERY_MS = 3_600_000;
export const TICKET_OVERLAP_MS = 3_600_000;
/** How often an instance looks for tickets due: a ticket is at most this late. */
export const TICKET_CHECK_MS = 300_000;

/** A new ticket: 244 random bits, made by the database so that the hourly rotation is one statement. */
const NEW_TICKET = "replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')";

/** The ticket's push: a platform store app belongs to no BU, a BU's store app to its own. */
const enqueue = (tx: Queryable, appGuid: string, ticket: string) => enqueueAppEvent(tx, appGuid, null, 'app_ticket', { app_ticket: ticket });

/** `app_ticket/resend`: the current ticket pushed again (a first one made), within seconds. */
export const resendTicket = (db: Db, appGuid: string) =>
  db.transaction(async (tx) => {
    await tx.query(`insert into app_ticket (app_guid, ticket) values ($1, ${NEW_TICKET}) on conflict (app_guid) do nothing`, [appGuid]);
    const { rows } = await tx.query<{ ticket: string }>('select ticket from app_ticket where app_guid = $1', [appGuid]);
    return enqueue(tx, appGuid, rows[0].ticket);
  });

/**
 * The hourly push: every enabled store app with an endpoint whose ticket is an hour old (or that has
 * none) gets a new one, pushed. The conditional write makes one instance of several do it.
 */
export const rotateTickets = (db: Db, now = new Date()) =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<{ app_guid: string; ticket: string }>(
      `insert into app_ticket (app_guid, ticket, issued_at)
       select a.guid, ${NEW_TICKET}, $1 from app a
         join event_config c on c.app_guid = a.guid and (c.request_url is not null or c.delivery_mode = 'long_connection')
        where a.type = $2 and a.status = 0
       on conflict (app_guid) do update set previous = app_ticket.ticket, ticket = excluded.ticket, issued_at = excluded.issued_at
        where app_ticket.issued_at <= $1::timestamptz - make_interval(secs => $3)
       returning app_guid, ticket`,
      [now.toISOString(), STORE_APP_TYPE, TICKET_EVERY_MS / 1000],
    );
    for (const r of rows) await enqueue(tx, r.app_guid, r.ticket);
    return rows.length;
  });

/** Whether `ticket` is the app's current ticket, or the one before it within its overlap. */
export const ticketHolds = async (db: Queryable, appGuid: string, ticket: string) =>
  (
    await db.query(
      `select 1 from app_ticket where app_guid = $1
         and (ticket = $2 or (previous = $2 and issued_at > now() - make_interval(secs => $3)))`,
      [appGuid, ticket, TICKET_OVERLAP_MS / 1000],
    )
  ).rows.length > 0;
