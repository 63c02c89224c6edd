// A Cloudflare agent (the `agents` SDK's `Agent`) whose one tool is the codemode runtime, reached
// through a service binding. One agent per conversation; it uses the runtime instance of the same
// name, so the conversation's executions, approvals and notes live next to it.
//
//   chat(text)              the model answers; its program runs in the runtime (it may pause)
//   approve(executionId)    a person approves the paused run; the model reports what it did
//   reject(executionId,seq) a person refuses one pending call
//   approvalLink(minutes)   an inspector link with a scoped `approve` token, to send to an approver
//
// See README.md beside this file for the configuration and deploying.

import { Agent, callable, routeAgentRequest } from "agents";
import { generateText, stepCountIs, type LanguageModel, type ModelMessage } from "ai";
import { CodemodeClient, codemodeTool, type CodemodeInstance, type ExecuteOutput, type PendingAction } from "codemode-runtime-client";
import { scriptedModel } from "./model";

export interface Env {
  /** Service binding to the `codemode-runtime` Worker. */
  CODEMODE: Fetcher;
  /** The runtime's `CODEMODE_TOKEN` (a secret), if it has one. */
  CODEMODE_TOKEN?: string;
  /** The runtime's public URL, for approval links. */
  CODEMODE_PUBLIC_URL?: string;
  CodemodeAgent: DurableObjectNamespace<CodemodeAgent>;
}

/** The conversation, kept in the agent's state (and pushed to its connected clients). */
export interface State {
  messages: ModelMessage[];
  /** Calls of a paused run waiting for a person. */
  waiting: PendingAction[];
}

/** What `chat`, `approve` and `reject` return. */
export interface Turn {
  /** The model's answer. */
  text: string;
  /** Every run of this turn, as the runtime returned it (the tool's structured output). */
  runs: ExecuteOutput[];
  waiting: PendingAction[];
}

export class CodemodeAgent extends Agent<Env, State> {
  initialState: State = { messages: [], waiting: [] };

  /** The model. The example's is scripted (no network); put a real one here. */
  model(): LanguageModel {
    return scriptedModel();
  }

  /** This conversation's runtime instance, through the service binding. */
  runtime(): CodemodeInstance {
    return new CodemodeClient(this.env.CODEMODE, { token: this.env.CODEMODE_TOKEN }).instance(this.name);
  }

  @callable()
  async chat(text: string): Promise<Turn> {
    return this.turn([...this.state.messages, { role: "user", content: text }], []);
  }

  /** Approves the paused run; the model reads the resumed run's report and answers. */
  @callable()
  async approve(executionId: string): Promise<Turn> {
    const resumed = await this.runtime().approveExecution(executionId);
    return this.afterDecision(executionId, resumed.report, [resumed]);
  }

  /** Refuses one pending call; the run ends and the model is told. */
  @callable()
  async reject(executionId: string, seq: number): Promise<Turn> {
    const runtime = this.runtime();
    await runtime.rejectExecution(executionId, seq);
    const { report, error } = await runtime.execution(executionId);
    return this.afterDecision(executionId, report ?? `Script failed\nScript error: ${error?.message ?? "rejected"}`, []);
  }

  /**
   * A link to the runtime's inspector page for this conversation only, with a token that can
   * read and decide (not run code), valid for `minutes`. Needs the runtime's main token.
   */
  @callable()
  async approvalLink(minutes = 60, approver?: string): Promise<{ url: string; expiresAt: number }> {
    const base = this.env.CODEMODE_PUBLIC_URL;
    if (!base) throw new Error("set CODEMODE_PUBLIC_URL to the runtime's public URL");
    const { token, expiresAt } = await this.runtime().issueToken({
      scope: "approve",
      instance: this.name,
      ttlSeconds: Math.round(minutes * 60),
      ...(approver ? { subject: approver } : {}),
    });
    return { url: new CodemodeClient(base).inspectorUrl(this.name, token), expiresAt };
  }

  /** Passes a decided run's report to the model as the next user message. */
  private async afterDecision(executionId: string, report: string, runs: ExecuteOutput[]): Promise<Turn> {
    const note: ModelMessage = { role: "user", content: `Resumed run (execution ${executionId}):\n${report}` };
    return this.turn([...this.state.messages, note], runs);
  }

  /** One AI SDK tool loop with the runtime as the `codemode` tool. */
  private async turn(messages: ModelMessage[], runs: ExecuteOutput[]): Promise<Turn> {
    const result = await generateText({
      model: this.model(),
      system: "You act by writing one JavaScript program for the `codemode` tool.",
      messages,
      tools: { codemode: await codemodeTool(this.runtime()) },
      stopWhen: stepCountIs(4),
    });
    for (const step of result.steps) {
      for (const toolResult of step.toolResults) {
        if (!toolResult.dynamic && toolResult.toolName === "codemode") runs.push(toolResult.output);
      }
    }
    const last = runs.at(-1);
    const waiting = last?.status === "paused" ? last.pending : [];
    this.setState({ messages: [...messages, ...result.response.messages], waiting });
    return { text: result.text, runs, waiting };
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    return (await routeAgentRequest(request, env)) ?? new Response("Not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
