import { z } from 'zod';
import { codes, email, guid, name30, password, phone, text, username, url } from './common.ts';

export const userSchema = z.object({
  username: username(),
  password: password(),
  name: name30().optional(),
  alias: text(30).optional(),
  email: email().optional(),
  phone: phone().optional(),
  avatar_url: url().optional(),
  /** 0 normal, 1 frozen. */
  status: codes(0, 1).default(0),
  /** Platform roles held by an operator. */
  role_guids: z.array(guid()).max(50).default([]),
});
