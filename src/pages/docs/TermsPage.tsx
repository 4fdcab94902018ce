import { useParams } from 'react-router-dom';
import { withPageMessages } from '../../shell/withPageMessages.tsx';
import { docsMessages } from './messages.ts';
import { StandaloneDoc } from './StandaloneDoc.tsx';

/** `/terms/{id}`: an agreement, a published document whose code is `id` (service, privacy, …; docs/docs.md). */
const Terms = () => <StandaloneDoc code={useParams().id ?? ''} missing="docs.terms_missing" />;

export default withPageMessages(docsMessages, Terms);
