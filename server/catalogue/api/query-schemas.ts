import { Type } from 'typebox';

import { TmdbStatus } from '../../../shared/catalogue/tmdb.schema.ts';

/** The parameters of the catalogue API's routes, as strict as TMDB's answers to bad ones. */
export const Common = {
  api_key: Type.Optional(Type.String({ maxLength: 200 })),
  language: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 1 })),
};
export const Year = Type.Integer({ minimum: 1, maximum: 9999 });
export const ListQuerystring = Type.Object({
  ...Common,
  region: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
});
export const LanguageQuerystring = Type.Object({ api_key: Common.api_key, language: Common.language });
export const DetailsQuerystring = Type.Object({
  ...Common,
  append_to_response: Type.Optional(Type.String({ maxLength: 1000, pattern: '^[A-Za-z0-9_/,]*$' })),
});
export const TitleParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const SeasonParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  season_number: Type.Integer({ minimum: 0, maximum: 10_000 }),
});

/** Every refusal is TMDB's status body. */
export const errors = { '4xx': TmdbStatus };
export const notFound = { 404: TmdbStatus };
