// Bearer authentication (spec 5). A missing, malformed, unknown or revoked key is the same 401:
// the answer never hints at which keys exist.
import type { RequestHandler } from 'express';
import type { KeyStore } from '../auth/keys.js';
import { UnauthorizedError } from '../errors.js';

const BEARER = /^Bearer ([A-Za-z0-9_\-.~+/=]{1,256})$/;

export function authenticate(keys: KeyStore): RequestHandler {
  return async (req, res, next) => {
    try {
      const m = BEARER.exec(req.get('authorization') ?? '');
      const who = m ? await keys.verify(m[1]!) : null;
      if (!who) throw new UnauthorizedError();
      res.locals.auth = who;
      next();
    } catch (err) {
      next(err);
    }
  };
}
