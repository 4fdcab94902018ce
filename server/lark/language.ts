import type { FastifyRequest } from 'fastify';
import { acceptedTags, bestLanguage, type Lang } from '../../i18n/languages.ts';

/**
 * The language of an answer on Lark's paths: the request's `Accept-Language` when it names one of
 * ours, else English. Lark's SDKs send no `Accept-Language` and Lark answers them in English, so an
 * app written against them reads English refusals; the platform's own paths keep zh as the default
 * (docs/lark.md, "Language").
 */
export const larkLangOf = (req: FastifyRequest): Lang => bestLanguage(acceptedTags(req.headers['accept-language']), 'en');
