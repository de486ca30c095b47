/*
 * angles.h: cos and sin of an angle in degrees, exact at multiples of 90
 * (a quarter turn of a base is exactly a quarter turn), for the case
 * generators (gen_boundary, gen_RULESET, gen_variants). libm only.
 */
#ifndef ARB_GEN_ANGLES_H
#define ARB_GEN_ANGLES_H

double cosd(double deg);
double sind(double deg);

#endif
