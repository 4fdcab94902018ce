import { ABOUT_CODE } from '../../../schemas/agreements.ts';
import { withPageMessages } from '../../shell/withPageMessages.tsx';
import { docsMessages } from './messages.ts';
import { StandaloneDoc } from './StandaloneDoc.tsx';

/** `/about-us`: what the platform is, a document operators edit like any other (seeded in three languages). */
const About = () => <StandaloneDoc code={ABOUT_CODE} missing="docs.not_found" />;

export default withPageMessages(docsMessages, About);
