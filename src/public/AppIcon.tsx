import { Box } from '@mui/material';

/** An app's icon, or its initial on the brand colour when it has none. Decorative: the name is beside it. */
export const AppIcon = ({ src, name, size = 48, muted = false }: { src: string | null | undefined; name: string; size?: number; muted?: boolean }) =>
  src ? (
    <Box component="img" src={src} alt="" width={size} height={size} loading="lazy" sx={{ borderRadius: 2, objectFit: 'cover', flexShrink: 0, bgcolor: 'background.default' }} />
  ) : (
    <Box
      aria-hidden
      sx={{ width: size, height: size, borderRadius: 2, flexShrink: 0, display: 'grid', placeItems: 'center', bgcolor: muted ? 'action.selected' : 'primary.main', color: muted ? 'text.secondary' : 'primary.contrastText', fontWeight: 700, fontSize: size / 2.4 }}
    >
      {name.trim().charAt(0).toUpperCase()}
    </Box>
  );
