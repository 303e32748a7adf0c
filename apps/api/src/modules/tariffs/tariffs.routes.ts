import type { FastifyInstance } from 'fastify';
import { tariffsRoutes as r } from '@klimadesk/contract';
import type { AppContext } from '../../platform/context.ts';
import { mount, ok } from '../../platform/http.ts';
import * as tariffs from './tariffs.service.ts';

export function tariffRoutes(app: FastifyInstance, ctx: AppContext): void {
  mount(app, r.tariffs, ({ query, lang }) => tariffs.listTariffs(ctx, query, lang));
  mount(app, r.tariffTypes, () => tariffs.tariffTypes());
  mount(app, r.getTariff, ({ params, query, lang }) =>
    tariffs.getTariff(ctx, params.id, query.locale ?? lang),
  );
  mount(app, r.createTariff, ({ body, lang }) => tariffs.createTariff(ctx, body, lang));
  mount(app, r.updateTariff, ({ params, body, lang }) => tariffs.updateTariff(ctx, params.id, body, lang));
  mount(app, r.deleteTariff, async ({ params }) => {
    await tariffs.deleteTariff(ctx, params.id);
    return ok('deleted');
  });
  mount(app, r.tariffBookings, ({ actor, query, lang, timeZone }) =>
    tariffs.listBookings(ctx, actor, query, lang, timeZone),
  );
  mount(app, r.getTariffBooking, ({ actor, params, query, lang, timeZone }) =>
    tariffs.getBooking(ctx, actor, params.id, query.locale ?? lang, timeZone),
  );
  mount(app, r.createTariffBooking, ({ actor, body, lang, timeZone }) =>
    tariffs.createBooking(ctx, actor, body, lang, timeZone),
  );
  mount(app, r.updateTariffBooking, ({ actor, params, body, lang, timeZone }) =>
    tariffs.updateBooking(ctx, actor, params.id, body, lang, timeZone),
  );
  mount(app, r.cancelTariffBooking, ({ actor, params, body, lang, timeZone }) =>
    tariffs.cancelBooking(ctx, actor, params.id, body, lang, timeZone),
  );
  mount(app, r.activeTariffs, ({ actor, query, lang, timeZone }) =>
    tariffs.activeTariffs(ctx, actor, query.locale ?? lang, timeZone),
  );
  mount(app, r.baseYears, ({ actor, timeZone }) => tariffs.baseYears(ctx, actor, timeZone));
  mount(app, r.bookTaxDemo, ({ actor, params, timeZone }) =>
    tariffs.bookTaxDemo(ctx, actor, params.id, timeZone),
  );
  mount(app, r.taxDemoBookingDate, ({ actor, params, timeZone }) =>
    tariffs.taxDemoBookingDate(ctx, actor, params.id, timeZone),
  );
}
