import { Typography, type TypographyProps } from '@mui/material';
import { LANGUAGES } from '../../../i18n/languages.ts';
import { useLang } from '../../shell/LangContext.tsx';
import { formatMoney } from '../../shell/money.ts';

/** A store price: "Free", or the amount and its cycle ("¥99.00 / year"). */
export const usePrice = () => {
  const { t, lang } = useLang();
  return (cents: number, cycle: number) => (cents === 0 ? t('store.free') : t(`store.per.${cycle}`, { amount: formatMoney(cents, LANGUAGES[lang]) }));
};

export const Price = ({ cents, cycle, variant, component = 'span' }: { cents: number; cycle: number; variant: TypographyProps['variant']; component?: 'span' | 'p' }) => {
  const price = usePrice();
  return (
    <Typography variant={variant} component={component} sx={{ fontWeight: 600, color: cents === 0 ? 'success.main' : 'text.primary' }}>
      {price(cents, cycle)}
    </Typography>
  );
};
