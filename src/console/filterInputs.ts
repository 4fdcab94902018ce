/** Filter inputs only some lists have (a switch, a number): ResourceList loads them with such a list. */
export { BooleanInput, NumberInput } from 'react-admin';
