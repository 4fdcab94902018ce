import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definition } from '../../dataProvider/definitions.ts';
import { translate } from '../../i18n/index.ts';
import { issueText } from '../../schemas/issue-message.ts';
import { SchemaForm } from '../../src/console/SchemaForm.tsx';
import { judgeImage } from '../../src/console/ImageInput.tsx';
import { requiredFields, zodValidator } from '../../src/console/validate.ts';
import { IMAGE_RULES } from '../../schemas/image.ts';
import { pngOf } from '../helpers/images.ts';
import { renderInConsole, resetConsole, signedInWithoutSettings } from './console-harness.tsx';

/**
 * Issue 33 item 4: a form's sentence names the rule it breaks (required, a range, a length), in the
 * person's language, with the one mapping the server uses; required fields are marked; the
 * browser's own validation never speaks. Item 3: a picked image is judged by its bytes.
 */
afterEach(resetConsole);
beforeEach(signedInWithoutSettings);

const en = (k: string, p?: Record<string, unknown>) => translate('en', k, p);
const zh = (k: string, p?: Record<string, unknown>) => translate('zh', k, p);

describe('the messages of a form', () => {
  it('an empty required select says required, not "not one of the allowed values"', () => {
    const errors = zodValidator(definition('custom-field'), 'create', en)({ field_name: 'level', display_name: 'Level', data_type: '', form_type: null });
    expect(errors).toMatchObject({ data_type: 'Data type is required', form_type: 'Form type is required' });
    expect(zodValidator(definition('custom-field'), 'create', zh)({ data_type: 'nope' }).data_type).toBe(`${zh('resources.custom-field.fields.data_type')}：${zh('validation.invalid_option')}`);
  });

  it("an unticked agreement says to accept it, the rule's own sentence, not a bare required", () => {
    const agree = z.object({ agree: z.literal(true, { error: 'validation.agreement_required' }) });
    const issue = agree.safeParse({}).error!.issues[0];
    expect(issueText(issue, agree, {})).toEqual({ key: 'validation.agreement_required', params: undefined });
  });

  it('a number out of range names its range; a text too long its length', () => {
    expect(zodValidator(definition('password-policy'), 'edit', en)({ min_length: 99 }).min_length).toBe(`${en('resources.password-policy.fields.min_length')} must be from 6 to 64`);
    expect(zodValidator(definition('password-policy'), 'edit', zh)({ min_length: 99 }).min_length).toBe(`${zh('resources.password-policy.fields.min_length')}：须在 6 到 64 之间`);
    const app = zodValidator(definition('app'), 'create', en)({ name: 'x'.repeat(31), code: 'ok', token_ttl: 5 });
    expect(app).toMatchObject({ name: `${en('resources.app.fields.name')} must have at most 30 characters`, token_ttl: `${en('resources.app.fields.token_ttl')} must be from 600 to 86400` });
    const issue = z.object({ t: z.string().max(12) }).safeParse({ t: 'x'.repeat(13) }).error!.issues[0];
    expect(issueText(issue)).toEqual({ key: 'validation.max_length', params: { maximum: 12 } });
  });

  it('editing, a required field may not be emptied', () => {
    const check = zodValidator(definition('app'), 'edit', en);
    expect(check({ name: '' }).name).toBe(`${en('resources.app.fields.name')} is required`);
    expect(check({ name: 'Portal' }).name).toBeUndefined();
    expect(requiredFields(definition('app'))).toEqual(new Set(['name', 'code']));
  });
});

describe('required markers and no native validation', () => {
  it('marks required inputs with an asterisk and aria-required, never the required attribute, in a form the browser does not validate', async () => {
    await renderInConsole(<SchemaForm def={definition('custom-field')} mode="create" />, { resource: 'custom-field' });
    const name = (await screen.findByLabelText(/^Database field name/, {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(name.closest('form')!.noValidate).toBe(true);
    expect(document.querySelectorAll('form [required]')).toHaveLength(0);
    expect(name.closest('.MuiFormControl-root')!.querySelector('label')!.textContent).toMatch(/\*/);
    const type = document.querySelector('[role="combobox"][aria-required="true"]');
    expect(type).toBeTruthy();
    expect(document.querySelector('form [title]')).toBeNull();
  }, 30_000);
});

describe('an image picked for a field', () => {
  it('is judged by its bytes and pixels: a 100×100 icon and a text named .png are refused with sentences', async () => {
    const small = await judgeImage(IMAGE_RULES.icon, new Blob([new Uint8Array(pngOf(100, 100))]));
    expect(en(small!.key, small!.params)).toBe('The image is 100×100 pixels; it must be at least 240×240.');
    const fake = await judgeImage(IMAGE_RULES.icon, new Blob(['not an image']));
    expect(zh(fake!.key, fake!.params)).toBe('文件不是可接受类型的图片（png, jpg, jpeg, gif, bmp, svg）。');
    expect(await judgeImage(IMAGE_RULES.icon, new Blob([new Uint8Array(pngOf(240, 240))]))).toBeNull();
  });

  it("an app's icon is an upload with the rule as its hint, refusing a small image before sending it", async () => {
    await renderInConsole(<SchemaForm def={definition('app')} mode="create" />, { resource: 'app' });
    const input = (await screen.findByTestId('image-icon-input', {}, { timeout: 10_000 })) as HTMLInputElement;
    expect(screen.getByText('PNG, JPG, JPEG, GIF, BMP, SVG, up to 2 MB, at least 240×240 pixels.')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(pngOf(100, 100))], 'icon.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('image-icon-error').textContent).toBe('The image is 100×100 pixels; it must be at least 240×240.'));
  }, 30_000);
});

describe('a select whose choices another field decides', () => {
  it("a custom field's form types are only those that fit its data type", async () => {
    await renderInConsole(<SchemaForm def={definition('custom-field')} mode="create" />, { resource: 'custom-field' });
    const label = (k: string) => translate('en', `resources.custom-field.values.${k}`);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Data type/ }, { timeout: 10_000 }));
    fireEvent.click(await screen.findByRole('option', { name: label('data_type.tinyint') }));
    const type = screen.getByRole('combobox', { name: /^Form type/ });
    // The one type that fits is chosen for it.
    await waitFor(() => expect(type.textContent).toBe(label('form_type.number')));
    fireEvent.mouseDown(type);
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([label('form_type.number')]));
  }, 30_000);
});
