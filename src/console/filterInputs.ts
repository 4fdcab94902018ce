/** Filter inputs only some lists have (a switch, a number, an instant): ResourceList loads them with such a list. */
export { BooleanInput, DateTimeInput, NumberInput } from 'react-admin';
