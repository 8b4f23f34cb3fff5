import { useId, type ReactNode } from 'react';
import { Card, CardContent } from '@mui/material';
import CardHeader from '@mui/material/CardHeader';

/** A card that is a landmark named by its heading, so a tab's parts can be reached and told apart. */
export function Panel({ title, subheader, avatar, children }: { title: string; subheader?: string; avatar?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardHeader avatar={avatar} title={title} subheader={subheader} slotProps={{ title: { variant: 'h3', component: 'h2', id: headingId } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}
