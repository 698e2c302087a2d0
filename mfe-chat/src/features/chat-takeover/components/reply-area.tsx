import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { SegmentedControl } from 'shared-ui';
import { SuggestedAnswers } from '../copilot/suggested-answers';
import { Composer, type Insertion } from './composer';
import { NoteComposer } from './note-composer';

type Mode = 'reply' | 'note';

const Area = styled.div`
  display: grid;
  gap: 12px;
`;

/**
 * Where the agent writes: a reply to the customer, or a private note for the team (a mode, as
 * in Intercom's and Crisp's composers). Each mode keeps its own draft.
 */
export function ReplyArea({
  workspaceId,
  conversationId,
  botAnswering,
  latestCustomerMessageId,
}: {
  workspaceId: string;
  conversationId: string;
  botAnswering: boolean;
  /** The customer's newest message: the suggested answers follow it. */
  latestCustomerMessageId?: string;
}) {
  const { t } = useTranslation('conversation');
  const [mode, setMode] = useState<Mode>('reply');
  const [insertion, setInsertion] = useState<Insertion | null>(null);
  return (
    <Area>
      <div>
        <SegmentedControl
          legend={t('notes.modeLegend')}
          name="composer-mode"
          options={[
            { value: 'reply', label: t('notes.modeReply') },
            { value: 'note', label: t('notes.modeNote') },
          ]}
          value={mode}
          onChange={setMode}
        />
      </div>
      {mode === 'reply' ? (
        <>
          <SuggestedAnswers
            workspaceId={workspaceId}
            conversationId={conversationId}
            latestCustomerMessageId={latestCustomerMessageId}
            onInsert={(text) =>
              setInsertion((previous) => ({ text, count: (previous?.count ?? 0) + 1 }))
            }
            onReplace={(text) =>
              setInsertion((previous) => ({
                text,
                count: (previous?.count ?? 0) + 1,
                replace: true,
              }))
            }
            replyText={() =>
              document.querySelector<HTMLTextAreaElement>('textarea[name="content"]')?.value ?? ''
            }
          />
          <Composer
            workspaceId={workspaceId}
            conversationId={conversationId}
            botAnswering={botAnswering}
            insertion={insertion}
          />
        </>
      ) : (
        <NoteComposer workspaceId={workspaceId} conversationId={conversationId} />
      )}
    </Area>
  );
}
