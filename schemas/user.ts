import { z } from 'zod';
import { codes, email, guid, image, name30, password, phone, text, username } from './common.ts';
import { IMAGE_RULES } from './image.ts';

export const userSchema = z.object({
  username: username(),
  password: password(),
  name: name30().optional(),
  alias: text(30).optional(),
  email: email().optional(),
  phone: phone().optional(),
  avatar_url: image(IMAGE_RULES.avatar).optional(),
  /** 0 normal, 1 frozen. */
  status: codes(0, 1).default(0),
  /** Platform roles held by an operator. */
  role_guids: z.array(guid()).max(50).default([]),
});
