import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AiController } from './ai.controller.js';
import { AiService } from './ai.service.js';
import { PRODUCT_GENERATOR, type ProductGenerator } from './product-generator.js';
import { GeminiGenerator } from './providers/gemini.provider.js';
import { OpenAiGenerator } from './providers/openai.provider.js';

/** The provider is picked once, from the validated configuration (AI_PROVIDER, GEMINI_*, OPENAI_*). */
function generatorFor({ ai }: AppConfig): ProductGenerator | null {
  if (!ai.provider) return null;
  return ai.provider.name === 'gemini' ? new GeminiGenerator(ai.provider) : new OpenAiGenerator(ai.provider);
}

@Module({
  controllers: [AiController],
  providers: [AiService, { provide: PRODUCT_GENERATOR, useFactory: generatorFor, inject: [APP_CONFIG] }],
  exports: [AiService],
})
export class AiModule {}
