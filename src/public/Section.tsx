import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A band of a public page: its heading, a lead sentence, an optional action on the right, and its content. */
export const Section = ({ id, title, lead, action, children, tone = 'page' }: { id: string; title: string; lead?: string; action?: ReactNode; children: ReactNode; tone?: 'page' | 'paper' }) => (
  <Box component="section" aria-labelledby={`${id}-title`} sx={{ py: { xs: 5, md: 8 }, bgcolor: tone === 'paper' ? 'background.paper' : 'background.default' }}>
    <Container maxWidth="lg">
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Box>
          <Typography id={`${id}-title`} variant="h2" component="h2">
            {title}
          </Typography>
          {lead && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {lead}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      {children}
    </Container>
  </Box>
);
